// The environment `npm start` gives the server process (and docs/deploy.md asks production to set).
//
// glibc raises its mmap threshold after the first large block is freed (up to 32 MB), so later large blocks come
// from the heap and stay resident when freed: each 16 MB scrypt buffer of a sign-in (one per libuv thread), and the
// embedded database's WebAssembly compilation, kept 35–100 MB that the process no longer used. A fixed threshold
// returns such blocks to the system (measured: docs/performance.md, "Memory"). Other C libraries ignore it.
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" };
