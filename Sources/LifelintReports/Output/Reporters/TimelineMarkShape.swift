import LifelintAnalysis

/// How each kind of mark is drawn on the timeline and in its legend: a shape and a colour of
/// its own, so a save, a kill and a cold start are told apart at a glance (and in grey print).
enum TimelineMarkShape {
    /// The SVG element of a mark centred on (`x`, `y`), with `title` (already escaped) as its
    /// tooltip.
    static func element(_ kind: Timeline.Mark.Kind, x: Double, y: Double, title: String) -> String {
        let tooltip = "<title>\(title)</title>"
        let c = "class=\"mark \(kind.rawValue)\""
        switch kind {
        case .input, .resync, .probe:
            return "<circle \(c) cx=\"\(format(x))\" cy=\"\(format(y))\" r=\"4\">\(tooltip)</circle>"
        case .save:
            return "<rect \(c) x=\"\(format(x - 5))\" y=\"\(format(y - 5))\" width=\"10\" height=\"10\" rx=\"1.5\">\(tooltip)</rect>"
        case .backgroundTask:
            return "<rect \(c) x=\"\(format(x - 3))\" y=\"\(format(y - 7))\" width=\"6\" height=\"14\" rx=\"2\">\(tooltip)</rect>"
        case .coldStart:
            return "<polygon \(c) points=\"\(points([(x - 5, y - 7), (x + 7, y), (x - 5, y + 7)]))\">\(tooltip)</polygon>"
        case .restore:
            return "<polygon \(c) points=\"\(points([(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)]))\">\(tooltip)</polygon>"
        case .death:
            let arms = "M\(format(x - 6)) \(format(y - 6))L\(format(x + 6)) \(format(y + 6))M\(format(x + 6)) \(format(y - 6))L\(format(x - 6)) \(format(y + 6))"
            return "<g \(c)><path class=\"halo\" d=\"\(arms)\"/><path d=\"\(arms)\"/>\(tooltip)</g>"
        case .finding:
            return "<polygon \(c) points=\"\(points([(x - 6, y - 9), (x + 6, y - 9), (x, y + 1)]))\">\(tooltip)</polygon>"
        }
    }

    /// What the legend calls each kind.
    static func name(_ kind: Timeline.Mark.Kind) -> String {
        switch kind {
        case .input: "input"
        case .save: "save"
        case .backgroundTask: "background task"
        case .death: "process death"
        case .coldStart: "cold start"
        case .restore: "restore"
        case .resync: "resync"
        case .probe: "socket probe"
        case .finding: "finding"
        }
    }

    /// The legend: a swatch and a name for each phase and each kind of mark.
    static func legend() -> String {
        let phases = AppPhase.allCases.map { phase in
            "<span class=\"item\"><svg width=\"22\" height=\"12\" aria-hidden=\"true\"><rect class=\"phase \(phase.rawValue)\" x=\"0\" y=\"1\" width=\"22\" height=\"10\"/></svg>\(TimelineTextRenderer.name(phase))</span>"
        }
        let marks = Timeline.Mark.Kind.allCases.map { kind in
            "<span class=\"item\"><svg width=\"18\" height=\"18\" aria-hidden=\"true\">\(element(kind, x: 9, y: kind == .finding ? 13 : 9, title: ""))</svg>\(name(kind))</span>"
        }
        return "<div class=\"legend\"><span class=\"group\">phases</span>\(phases.joined())<span class=\"group\">marks</span>\(marks.joined())</div>\n"
    }

    private static func points(_ corners: [(Double, Double)]) -> String {
        corners.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ")
    }

    /// A coordinate to a tenth of a pixel, without a trailing `.0`.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
