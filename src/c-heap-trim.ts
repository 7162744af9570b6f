// Hands the C heap's free pages back to the OS. Node's native side (socket reads, the backing
// stores of Buffers) allocates with malloc; after a burst, glibc keeps what was freed between the
// allocations still in use: 35-45 MB after the bench's load, about a third of the idle process
// (docs/benchmarks.md). Only `malloc_trim` returns those pages, and Node has no binding for it, so
// it is called through koffi (a foreign-function interface with prebuilt binaries). Loaded on the
// first trim, so a start pays nothing; where there is no glibc (musl, macOS) there is nothing to call.

type MallocTrim = (pad: number) => number;

let mallocTrim: Promise<MallocTrim | undefined> | undefined;

/** Returns the C heap's free pages to the OS; a no-op where glibc's malloc_trim cannot be called. */
export function trimCHeap(): void {
  mallocTrim ??= import('koffi')
    .then((koffi) => koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as MallocTrim)
    .catch(() => undefined);
  void mallocTrim.then((trim) => trim?.(0));
}
