import LifelintCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(LifelintCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
