import LifelintModel

/// One temporal condition of a rule, written with one of five primitives. A rule's `match` is
/// a list of clauses; any clause that fires produces a finding. See `docs/schema/rule.schema.json`.
public struct RuleClause: Sendable, Hashable, Decodable {
    public enum Primitive: Sendable, Hashable {
        case expect(Expect)
        case forbid(Forbid)
        case maxDuration(MaxDuration)
        case unpaired(Unpaired)
        case rate(Rate)
    }

    public var primitive: Primitive
    /// Overrides the rule's severity for findings of this clause.
    public var severity: Severity?
    /// Overrides the rule's message template for findings of this clause.
    public var message: String?
    /// Overrides the rule's `requires` for this clause: `[]` for a clause whose trigger is
    /// the platform's own evidence, which needs nothing more from the app.
    public var requires: [EventPattern]?

    /// After a trigger (that satisfies `when`), one of `expect` must follow within `within`;
    /// a `failOn` event first is a violation at once, a `cancelOn` event first drops the wait.
    /// Without `within`, the wait lasts until a `failOn` or `cancelOn` event.
    public struct Expect: Sendable, Hashable {
        public var after: [EventPattern]
        public var when: [Guard]
        public var expect: [EventPattern]
        public var within: String?
        /// Attributes the expected event must share with the trigger (e.g. `id`).
        public var sameAttributes: [String]
        public var failOn: [EventPattern]
        public var cancelOn: [EventPattern]
    }

    /// `event` must not occur while `when` holds, or (with `inside`) within a window after one
    /// of the callback events, or during the callback itself (before its event, within its
    /// `duration_ms`).
    public struct Forbid: Sendable, Hashable {
        public var event: [EventPattern]
        public var when: [Guard]
        public var inside: Inside?

        public struct Inside: Sendable, Hashable {
            public var callbacks: [EventPattern]
            public var after: String
        }
    }

    /// A span from `start` to the matching `end` must not exceed a limit, counted from when the
    /// span is open while the app is in one of the `during` phases (from `start` when no phases
    /// are given); a `cutoff` event while it is measured and open is a violation. `limits` are
    /// tried in order; the first whose `when` holds at the start of measuring applies.
    public struct MaxDuration: Sendable, Hashable {
        public var start: EventPattern
        public var end: EventPattern
        public var sameAttributes: [String]
        public var during: [AppPhase]
        public var limits: [Limit]
        public var cutoff: [EventPattern]

        public struct Limit: Sendable, Hashable {
            public var when: [Guard]
            public var limit: String
            /// Written as the clause's `limit`, not an entry of `limits` (for error key paths).
            public var isShorthand = false
        }
    }

    /// A `start` must meet one of its `end` events (sharing `sameAttributes`) before a `cutoff` event.
    public struct Unpaired: Sendable, Hashable {
        public var start: EventPattern
        public var end: [EventPattern]
        public var sameAttributes: [String]
        public var cutoff: [EventPattern]
    }

    /// At most `max` matching events within a sliding `window`, or within each episode that
    /// opens with `per.start` and closes with `per.end`.
    public struct Rate: Sendable, Hashable {
        public var event: [EventPattern]
        public var max: String
        public var window: String?
        public var per: Episode?

        public struct Episode: Sendable, Hashable {
            public var start: [EventPattern]
            public var end: [EventPattern]
        }
    }

    private enum CodingKeys: String, CodingKey {
        case expect, forbid
        case maxDuration = "max-duration"
        case unpaired, rate, severity, message, requires
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["expect", "forbid", "max-duration", "unpaired", "rate", "severity", "message", "requires"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        severity = try container.decodeIfPresent(Severity.self, forKey: .severity)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        requires = try container.decodeIfPresent([EventPattern].self, forKey: .requires)
        let present = [CodingKeys.expect, .forbid, .maxDuration, .unpaired, .rate].filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a clause needs exactly one of expect, forbid, max-duration, unpaired, rate"))
        }
        switch key {
        case .expect: primitive = .expect(try container.decode(Expect.self, forKey: key))
        case .forbid: primitive = .forbid(try container.decode(Forbid.self, forKey: key))
        case .maxDuration: primitive = .maxDuration(try container.decode(MaxDuration.self, forKey: key))
        case .unpaired: primitive = .unpaired(try container.decode(Unpaired.self, forKey: key))
        default: primitive = .rate(try container.decode(Rate.self, forKey: key))
        }
    }
}

extension RuleClause.Expect: Decodable {
    private enum CodingKeys: String, CodingKey { case after, when, expect, within, sameAttributes, failOn, cancelOn }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["after", "when", "expect", "within", "sameAttributes", "failOn", "cancelOn"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        after = try container.decodeList(EventPattern.self, forKey: .after)
        when = try container.decodeListIfPresent(Guard.self, forKey: .when)
        expect = try container.decodeListIfPresent(EventPattern.self, forKey: .expect)
        within = try container.decodeIfPresent(String.self, forKey: .within)
        sameAttributes = try container.decodeListIfPresent(String.self, forKey: .sameAttributes)
        failOn = try container.decodeListIfPresent(EventPattern.self, forKey: .failOn)
        cancelOn = try container.decodeListIfPresent(EventPattern.self, forKey: .cancelOn)
        if within == nil && failOn.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expect needs 'within' or 'failOn', or it can never fire"))
        }
    }
}

extension RuleClause.Forbid: Decodable {
    private enum CodingKeys: String, CodingKey { case event, when, inside }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["event", "when", "inside"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        event = try container.decodeList(EventPattern.self, forKey: .event)
        when = try container.decodeListIfPresent(Guard.self, forKey: .when)
        inside = try container.decodeIfPresent(Inside.self, forKey: .inside)
    }
}

extension RuleClause.Forbid.Inside: Decodable {
    private enum CodingKeys: String, CodingKey { case callbacks, after }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["callbacks", "after"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        callbacks = try container.decodeList(EventPattern.self, forKey: .callbacks)
        after = try container.decode(String.self, forKey: .after)
    }
}

extension RuleClause.MaxDuration: Decodable {
    private enum CodingKeys: String, CodingKey { case start, end, sameAttributes, during, limit, limits, cutoff }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["start", "end", "sameAttributes", "during", "limit", "limits", "cutoff"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(EventPattern.self, forKey: .start)
        end = try container.decode(EventPattern.self, forKey: .end)
        sameAttributes = try container.decodeListIfPresent(String.self, forKey: .sameAttributes)
        during = try container.decodeListIfPresent(AppPhase.self, forKey: .during)
        limits = try container.decodeListIfPresent(Limit.self, forKey: .limits)
        if let limit = try container.decodeIfPresent(String.self, forKey: .limit) { limits.append(Limit(when: [], limit: limit, isShorthand: true)) }
        cutoff = try container.decodeListIfPresent(EventPattern.self, forKey: .cutoff)
        if limits.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "max-duration needs 'limit' or 'limits'"))
        }
    }
}

extension RuleClause.MaxDuration.Limit: Decodable {
    private enum CodingKeys: String, CodingKey { case when, limit }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["when", "limit"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        when = try container.decodeListIfPresent(Guard.self, forKey: .when)
        limit = try container.decode(String.self, forKey: .limit)
    }
}

extension RuleClause.Unpaired: Decodable {
    private enum CodingKeys: String, CodingKey { case start, end, sameAttributes, cutoff }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["start", "end", "sameAttributes", "cutoff"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(EventPattern.self, forKey: .start)
        end = try container.decodeList(EventPattern.self, forKey: .end)
        sameAttributes = try container.decodeListIfPresent(String.self, forKey: .sameAttributes)
        cutoff = try container.decodeList(EventPattern.self, forKey: .cutoff)
    }
}

extension RuleClause.Rate: Decodable {
    private enum CodingKeys: String, CodingKey { case event, max, window, per }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["event", "max", "window", "per"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        event = try container.decodeList(EventPattern.self, forKey: .event)
        max = try container.decode(FlexibleString.self, forKey: .max).value
        window = try container.decodeIfPresent(String.self, forKey: .window)
        per = try container.decodeIfPresent(Episode.self, forKey: .per)
        if (window == nil) == (per == nil) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "rate needs exactly one of 'window' or 'per'"))
        }
    }
}

extension RuleClause.Rate.Episode: Decodable {
    private enum CodingKeys: String, CodingKey { case start, end }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ["start", "end"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decodeList(EventPattern.self, forKey: .start)
        end = try container.decodeList(EventPattern.self, forKey: .end)
    }
}
