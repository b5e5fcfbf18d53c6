// Runs the engine's classic scripts (dist/bundle/scripts/*.js, built by scripts/bundle.mjs) with a V8 code cache,
// so that a fresh process deserialises compiled code instead of parsing and compiling ~1.4 MB of JavaScript
// (Node 20 has no compile cache for ES modules; `module.enableCompileCache()` needs Node >= 22.1). Copied by
// scripts/bundle.mjs into each bundled package as dist/bundle/code-cache.js.
//
// The cache: one file per script, named by a hash of the script's text, Node's version and V8's cached-data tag
// (V8 itself checks only the source's length, its version and its flags). It lives in $DOCSVC_CODE_CACHE_DIR, else in
// <os.tmpdir()>/docsvc-code-cache-<uid>; the directory is created with mode 0700 and used only if it is a real
// directory owned by this user that nobody else can write. DOCSVC_CODE_CACHE=off turns the cache off. A missing,
// rejected or unreadable cache, or a directory that cannot be used, means a normal compile and nothing else.
// The cache is written once per process and script when V8 rejected or lacked it: after the process has had
// time to render (so that the functions compiled lazily by the first render are in it too), or at exit, atomically
// (a temporary file renamed over the name); the newest 8 caches of each script are kept, older ones removed.
import { isAscii } from "node:buffer";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedDataVersionTag } from "node:v8";
import { Script } from "node:vm";

// Scripts evaluated in this thread, by name and the hash of their text at build time: a script shipped by two packages (the fontkit
// vendor script that both layout and pdf carry) is evaluated once, as node_modules would load the package once.
const LOADED = Symbol.for("docsvc.code-cache.loaded");
const loaded = (globalThis[LOADED] ??= new Map());

/** How long after a script ran its cache is written, if the process lives that long (else at exit). */
const WRITE_DELAY_MS = 2000;

let directory; // undefined: not looked up yet; null: no usable cache directory
const pendingWrites = new Set();

const currentUid = () => (typeof process.getuid === "function" ? process.getuid() : undefined);

/** The cache directory, created if need be; null when the cache is off or the directory is not safe to use. */
function cacheDirectory() {
  if (directory !== undefined) return directory;
  directory = null;
  if (/^(off|0|false|no)$/i.test(process.env.DOCSVC_CODE_CACHE ?? "")) return directory;
  const uid = currentUid();
  const dir = process.env.DOCSVC_CODE_CACHE_DIR || join(tmpdir(), `docsvc-code-cache-${uid ?? "user"}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    // Another user's directory (or a symlink planted in a shared /tmp) could feed us code: do not use it.
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (process.platform !== "win32" && (stat.mode & 0o022) !== 0)) return directory;
    directory = dir;
  } catch {
    // unwritable or absent temporary directory: compile without a cache
  }
  return directory;
}

function readCache(file) {
  let fd;
  try {
    fd = openSync(file, "r");
    const stat = fstatSync(fd);
    const uid = currentUid();
    if (uid !== undefined && stat.uid !== uid) return undefined;
    const buffer = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === stat.size ? buffer : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(file, script) {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    prune(file);
  } catch {
    try { rmSync(temporary, { force: true }); } catch { /* nothing to clean */ }
  }
}

/** Caches of the same script kept per directory: the newest few builds (checkouts, Node versions) stay. */
const KEEP = 8;

// Every build names new cache files: keep the directory from growing by a megabyte per build.
function prune(file) {
  const dir = dirname(file);
  const prefix = basename(file).replace(/-[0-9a-f]+\.v8cache$/, "-");
  const same = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !/^[0-9a-f]+\.v8cache$/.test(name.slice(prefix.length))) continue;
    try { same.push({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }); } catch { /* removed meanwhile */ }
  }
  same.sort((a, b) => b.mtime - a.mtime);
  for (const { path } of same.slice(KEEP)) rmSync(path, { force: true });
}

function flushWrites() {
  for (const write of pendingWrites) write();
}

let exitHook = false;
function scheduleWrite(file, script) {
  let done = false;
  const write = () => {
    if (done) return;
    done = true;
    pendingWrites.delete(write);
    writeCache(file, script);
  };
  pendingWrites.add(write);
  setTimeout(write, WRITE_DELAY_MS).unref();
  if (!exitHook) {
    exitHook = true;
    process.once("exit", flushWrites);
  }
}

/**
 * Evaluates the classic script at `url` (a file that holds one function expression) and returns what that function
 * returns when called with `context`; the same value on later calls in this thread for any script with the same
 * `id` (its name and a hash of its text, which the build writes into the loader: one evaluation of a script
 * two packages ship, without reading the second copy).
 */
export function runScript(url, context, id) {
  if (loaded.has(id)) return loaded.get(id);
  const filename = fileURLToPath(url);
  const bytes = readFileSync(filename);
  // The build writes ASCII (bundle-scripts.mjs): latin1 is the same text without UTF-8 decoding.
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  // The cache's key hashes the text read now, not the build's: V8 would take a cache made for another text of
  // the same length.
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const dir = cacheDirectory();
  let file;
  let cachedData;
  if (dir !== null) {
    // cachedDataVersionTag(): V8's version and the flags its caches depend on (--max-semi-space-size, which
    // `docsvc serve` runs with, changes it; --cpu-prof or --conditions do not). V8 would reject a cache made under
    // other flags anyway; in the name, the server's and the CLI's caches do not overwrite each other's.
    const setup = [hash, process.version, process.arch, cachedDataVersionTag()].join(" ");
    const version = createHash("sha256").update(setup).digest("hex").slice(0, 32);
    file = join(dir, `${basename(filename, ".js")}-${version}.v8cache`);
    cachedData = readCache(file);
  }
  let script;
  try {
    script = new Script(source, { filename, cachedData });
  } catch (error) {
    // A cache V8 cannot even read is a cache miss; a syntax error in the script is not.
    if (cachedData === undefined) throw error;
    cachedData = undefined;
    script = new Script(source, { filename });
  }
  const fn = script.runInThisContext();
  const exports = fn(context);
  loaded.set(id, exports);
  if (file !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) scheduleWrite(file, script);
  return exports;
}
