import LifelintModel

/// A `Guard` compiled for one analysis: its patterns interned and resolved.
enum CompiledGuard {
    case phase([AppPhase])
    case occurred(CompiledPattern, since: CompiledPattern?)
    case absent(CompiledPattern, since: CompiledPattern)

    init(_ condition: Guard, thresholds: Thresholds, names: inout EventNameTable) {
        func compile(_ pattern: EventPattern) -> CompiledPattern { CompiledPattern(pattern, thresholds: thresholds, names: &names) }
        switch condition {
        case let .phase(phases): self = .phase(phases)
        case let .occurred(event, since): self = .occurred(compile(event), since: since.map(compile))
        case let .absent(event, since): self = .absent(compile(event), since: compile(since))
        }
    }
}

extension CompiledGuard {
    /// The patterns whose last events the guard reads from the app's history.
    var historyPatterns: [CompiledPattern] {
        switch self {
        case .phase: []
        case let .occurred(event, since): [event] + (since.map { [$0] } ?? [])
        case let .absent(event, since): [event, since]
        }
    }
}

extension [CompiledGuard] {
    var historyPatterns: [CompiledPattern] { flatMap(\.historyPatterns) }

    init(_ guards: [Guard], thresholds: Thresholds, names: inout EventNameTable) {
        self = guards.map { CompiledGuard($0, thresholds: thresholds, names: &names) }
    }
}
