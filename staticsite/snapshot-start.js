
// --- The static site: start the kernel's Python from the memory snapshot made at build time (issue 25).
// scripts/build_site.py appends this to the site's copy of pyodide.js, which the kernel's web worker
// (jupyterlite-pyodide-kernel 0.7.0) loads with importScripts and then calls loadPyodide(options) with the
// kernel's loadPyodideOptions of jupyter-lite.json. When those name a snapshot (`snapshot`:
// kernel-snapshot.json, next to this file; staticsite/snapshot.mjs made it), Python starts from it: the
// site-packages files are written back (fsInit), then the memory is restored, with every module the kernel
// and the course import already imported; the wheels are neither fetched nor unpacked. Should anything
// fail (the files missing, a memory from another Pyodide build: "Snapshot build id mismatch", ...), the
// warning says why and Python starts the normal way, from the wheels.
(() => {
  if (typeof WorkerGlobalScope === "undefined" || typeof self.loadPyodide !== "function") return;
  const plain = self.loadPyodide;

  async function gunzip(response) {
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a server that decoded it already
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async function fromSnapshot(options) {
    const started = performance.now();
    const at = (name) => new URL(name, options.indexURL || self.location.href);
    const metaUrl = at(options.snapshot);
    const [meta, blob] = await Promise.all([
      fetch(metaUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.url}: HTTP ${r.status}`)))),
      fetch(new URL("kernel-snapshot.bin", metaUrl)).then(gunzip),
    ]);
    const [memoryAt, memoryLength] = meta.memory;
    const fileBytes = blob.slice(0, memoryAt); // the files keep their own buffer, not the memory's
    const memory = blob.subarray(memoryAt, memoryAt + memoryLength);
    let pyodide;
    // The JavaScript functions Python held at build time (staticsite/snapshot.mjs's serializer), called on
    // the Pyodide that loadPyodide returns; Python calls none of them before it has returned.
    const deserializer = ({ owner, name }) => function (...args) {
      const o = owner === "public" ? pyodide : pyodide._api;
      return o[name](...args);
    };
    const fsInit = async (FS) => {
      for (const [path, offset, length] of meta.files) {
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, fileBytes.subarray(offset, offset + length), { canOwn: true });
      }
    };
    const { snapshot, ...rest } = options;
    pyodide = await plain({ ...rest, packages: [], fsInit, _loadSnapshot: memory, _snapshotDeserializer: deserializer });
    Object.assign(pyodide.loadedPackages, meta.packages); // the loader's record: loadPackagesFromImports
    pyodide.runPython([
      "import os, sys",
      // every visitor restores the same memory: a new seed for the random module, as a normal start has
      "sys.modules['random'].seed() if 'random' in sys.modules else None",
      // loadPyodide puts the working directory first on sys.path again: once is enough
      "sys.path[:2] = [''] if sys.path[:2] == ['', ''] else sys.path[:2]",
      "os.environ['BURACO_KERNEL_START'] = 'snapshot'",
    ].join("\n"));
    console.log(`kernel: Python started from the build's memory snapshot in ${(performance.now() - started).toFixed(0)} ms`);
    return pyodide;
  }

  self.loadPyodide = async (options = {}) => {
    if (!options.snapshot) return plain(options);
    try {
      return await fromSnapshot(options);
    } catch (error) {
      console.warn(`kernel: the build's memory snapshot was not used (${error?.message ?? error}), Python starts the normal way`);
      const { snapshot, ...rest } = options;
      return plain(rest);
    }
  };
})();
