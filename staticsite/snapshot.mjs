// Make the static site kernel's memory snapshot at build time (issue 25), with the very Pyodide the site
// ships (its own folder's pyodide.mjs, pyodide.asm.wasm, standard library and wheels):
//
//   node staticsite/snapshot.mjs PYODIDE_FOLDER OPTIONS_JSON
//
// OPTIONS_JSON is the kernel's loadPyodideOptions (the packages it loads at start, its environment).
// This starts Python as the kernel's web worker does (jupyterlite-pyodide-kernel 0.7.0: loadPyodide with
// those options, `import piplite.piplite`, `import pyodide_kernel`, which runs the IPython profile's
// startup files: the course's imports), then writes into PYODIDE_FOLDER
//
// - kernel-snapshot.bin: gzip of the files the packages installed under site-packages, one after the
//   other, then Pyodide's memory snapshot (pyodide.makeMemorySnapshot: the whole WebAssembly memory,
//   every module imported, the kernel object made);
// - kernel-snapshot.json: where each file and the memory are in it, the packages the files belong to.
//
// staticsite/snapshot-start.js (appended to the site's pyodide.js) starts the kernel's Python from them.
// The memory alone is not enough: Emscripten's file system lives in JavaScript, outside the memory, so
// the files come back beside it (modules imported later, package metadata). Run by scripts/build_site.py.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [folder, optionsJson] = process.argv.slice(2);
if (!folder || !optionsJson) {
  console.error("usage: node snapshot.mjs PYODIDE_FOLDER OPTIONS_JSON");
  process.exit(2);
}
const indexURL = path.resolve(folder) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const options = JSON.parse(optionsJson);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL, packages: options.packages, env: options.env, _makeSnapshot: true });
// What the kernel's worker runs before its first cell (initPackageManager, initKernel); the worker runs it
// again after the snapshot is restored (then nothing is left to import), with its own piplite settings.
await pyodide.runPythonAsync("import piplite.piplite\nimport pyodide_kernel\nimport gc\ngc.collect()");

const API = pyodide._api;
// Pyodide checks that its record of the packages its loader installed (entry 6 of the table of the
// JavaScript objects Python holds) is empty: a snapshot is not meant to carry them. The record is JavaScript
// state; the worker writes it again after the restore (kernel-snapshot.json's packages).
const record = pyodide._module.__hiwire_get(6);
const packages = { ...record };
for (const name of Object.keys(record)) delete record[name];
// The JavaScript functions the imported modules hold that Pyodide cannot find again by itself (it finds
// globalThis's by their path): pyodide_js.loadPackagesFromImports (pyodide_kernel), the loader's own
// (micropip, pyodide._package_loader). Each is written as its owner and name; the worker maps it back.
const owners = { public: API.public_api, api: API };
function serializer(object) {
  for (const [owner, o] of Object.entries(owners)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      let value;
      try {
        value = o[name];
      } catch {
        continue;
      }
      if (value === object) return { owner, name };
    }
  }
  throw new Error(`snapshot: Python holds a JavaScript object that is no function of Pyodide's: ${object?.name ?? typeof object}`);
}
const memory = pyodide.makeMemorySnapshot({ serializer });

const files = [];
function walk(dir) {
  for (const name of pyodide.FS.readdir(dir).sort()) {
    if (name === "." || name === "..") continue;
    const p = `${dir}/${name}`;
    const mode = pyodide.FS.lstat(p).mode;
    if (pyodide.FS.isDir(mode)) walk(p);
    else if (pyodide.FS.isFile(mode)) files.push([p, pyodide.FS.readFile(p)]);
  }
}
walk(API.sitepackages);
const index = [];
let offset = 0;
for (const [p, data] of files) {
  index.push([p, offset, data.length]);
  offset += data.length;
}
offset = Math.ceil(offset / 16) * 16; // Pyodide reads the memory's header as 32-bit numbers: aligned
const blob = new Uint8Array(offset + memory.length);
for (const [i, [, data]] of files.entries()) blob.set(data, index[i][1]);
blob.set(memory, offset);
const packed = zlib.gzipSync(blob, { level: 6 });
fs.writeFileSync(path.join(folder, "kernel-snapshot.bin"), packed);
const meta = { pyodide: pyodide.version, memory: [offset, memory.length], packages, files: index };
fs.writeFileSync(path.join(folder, "kernel-snapshot.json"), JSON.stringify(meta) + "\n");
console.log(`snapshot: ${files.length} files (${(offset / 1e6).toFixed(1)} MB) and ${(memory.length / 1e6).toFixed(1)} MB`
  + ` of memory, ${(packed.length / 1e6).toFixed(1)} MB compressed, in ${((performance.now() - started) / 1000).toFixed(0)} s`);
