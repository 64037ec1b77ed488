// Byte-compile Python for the static site with the very interpreter the site ships (Pyodide 0.29.0
// from node_modules, Python 3.13), so a learner's browser does not compile the standard library,
// IPython and the widgets again at every start (Pyodide's own packages are shipped compiled the same way).
//
//   node staticsite/pycompile.mjs IN OUT [IN OUT ...]
//
// Each IN is a wheel or python_stdlib.zip; OUT gets the same entries with every .py replaced by its .pyc
// (sourceless, as `pyodide py-compile` does), without the package's own tests/ folders, and the
// wheel's RECORD rewritten to match. Entries keep a fixed
// date, so the same inputs give the same bytes. Run by scripts/build_site.py.
import path from "node:path";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: node pycompile.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
const pyodide = await loadPyodide();
const pairs = [];
for (let i = 0; i < args.length; i += 2) {
  pairs.push([path.resolve(args[i]), path.resolve(args[i + 1])]);
}
// The host's folders, mounted where Python inside Pyodide can read and write them.
const dirs = [...new Set(pairs.flat().map((p) => path.dirname(p)))];
const mounts = {};
dirs.forEach((dir, i) => {
  const at = `/host${i}`;
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, at);
  mounts[dir] = at;
});
const inside = (p) => `${mounts[path.dirname(p)]}/${path.basename(p)}`;
pyodide.globals.set("PAIRS", pyodide.toPy(pairs.map(([a, b]) => [inside(a), inside(b)])));
await pyodide.runPythonAsync(`
import base64, hashlib, importlib.util, marshal, warnings, zipfile

warnings.simplefilter("ignore", SyntaxWarning)  # old escape sequences in some packages' strings

MAGIC = importlib.util.MAGIC_NUMBER
DATE = (2020, 1, 1, 0, 0, 0)


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    # a sourceless .pyc: magic, flags 0, a zero date and size (never checked without a source)
    return MAGIC + b"\\0" * 12 + marshal.dumps(code)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


for src, dst in PAIRS:
    stdlib = src.endswith(".zip")
    where = "/lib/python313.zip/" if stdlib else "/lib/python3.13/site-packages/"
    entries = []
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            if info.is_dir():
                continue
            name = info.filename
            if not stdlib and "tests" in name.split("/")[1:-1]:
                continue  # a package's own test suite: never imported in the lessons
            data = zin.read(info)
            if name.endswith(".py") and "/__pycache__/" not in name and ".data/" not in name.split("/")[0]:
                data, name = pyc(data, where + name), name + "c"
            entries.append((name, data))
    record = next((n for n, _ in entries if n.endswith(".dist-info/RECORD")), None)
    if record:
        lines = [record_line(n, d) for n, d in entries if n != record] + [f"{record},,"]
        entries = [(n, d) if n != record else (n, ("\\n".join(lines) + "\\n").encode()) for n, d in entries]
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for name, data in sorted(entries):
            zout.writestr(zipfile.ZipInfo(name, DATE), data, zipfile.ZIP_DEFLATED)
`);
