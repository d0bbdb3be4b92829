import LifelintCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A closed pipe (`lifelint … | head`) is reported by write(2) as EPIPE, which ends the output
// quietly, instead of killing the process with a signal.
signal(SIGPIPE, SIG_IGN)
#if canImport(Glibc)
/// glibc's `mallopt(3)` (`<malloc.h>` is not part of the Glibc module).
@_silgen_name("mallopt")
private func setMallocOption(_ parameter: Int32, _ value: Int32) -> Int32

// Blocks of a megabyte and more come straight from the kernel and go back to it when freed:
// a per-app array that doubles as a trace names a million apps otherwise leaves its old
// copies in the heap (decision 0027). -3 is `M_MMAP_THRESHOLD` in `<malloc.h>`.
_ = setMallocOption(-3, 1 << 20)
#endif
exit(LifelintCommand.run(LifelintCommand.processArguments).rawValue)
