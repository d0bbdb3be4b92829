import LifelintCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A closed pipe (`lifelint … | head`) is reported by write(2) as EPIPE, which ends the output
// quietly, instead of killing the process with a signal.
signal(SIGPIPE, SIG_IGN)
exit(LifelintCommand.run(LifelintCommand.processArguments).rawValue)
