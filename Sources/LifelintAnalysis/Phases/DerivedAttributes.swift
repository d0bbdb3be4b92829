import LifelintModel

/// The attributes of the phase deriver's own events. Their values come from closed sets
/// (phases, resume contexts, death reasons and initiators), so each combination is built once
/// and shared: a phase event then costs no allocation of its own, and the cold start that a
/// history keeps for each app of a trace with a million apps shares one copy.
enum DerivedAttributes {
    /// `from`, and `after` for a `phase.active`.
    static func transition(from phase: AppPhase?, after context: ResumeContext?) -> Attributes {
        transitions[index(of: phase)][context.map { contexts.firstIndex(of: $0)! + 1 } ?? 0]
    }

    /// `after`, `initiator`, `saved_state` and `unsaved_input` of a `phase.cold-start`.
    static func coldStart(after reason: String, initiator: String, savedState: Bool, unsavedInput: Bool) -> Attributes {
        guard let reasonIndex = reasons.firstIndex(of: reason), let initiatorIndex = initiators.firstIndex(of: initiator) else {
            return makeColdStart(after: reason, initiator: initiator, savedState: savedState, unsavedInput: unsavedInput)
        }
        return coldStarts[((reasonIndex * initiators.count + initiatorIndex) * 2 + (savedState ? 1 : 0)) * 2 + (unsavedInput ? 1 : 0)]
    }

    private static let phases = AppPhase.allCases
    private static let contexts = ResumeContext.allCases
    private static let reasons = ["none"] + ProcessDeathReason.allCases.map(\.rawValue)
    private static let initiators = ["none"] + DeathInitiator.allCases.map(\.rawValue)

    private static func index(of phase: AppPhase?) -> Int {
        phase.map { phases.firstIndex(of: $0)! + 1 } ?? 0
    }

    private static let transitions: [[Attributes]] = ([nil] + phases.map(Optional.some)).map { phase in
        ([nil] + contexts.map(Optional.some)).map { context in
            var attributes: Attributes = ["from": phase?.rawValue ?? "unknown"]
            if let context { attributes["after"] = context.rawValue }
            return attributes
        }
    }

    private static let coldStarts: [Attributes] = reasons.flatMap { reason in
        initiators.flatMap { initiator in
            [false, true].flatMap { saved in
                [false, true].map { unsaved in makeColdStart(after: reason, initiator: initiator, savedState: saved, unsavedInput: unsaved) }
            }
        }
    }

    private static func makeColdStart(after reason: String, initiator: String, savedState: Bool, unsavedInput: Bool) -> Attributes {
        var attributes: Attributes = ["after": reason, "initiator": initiator]
        attributes["saved_state"] = String(savedState)
        attributes["unsaved_input"] = String(unsavedInput)
        return attributes
    }
}
