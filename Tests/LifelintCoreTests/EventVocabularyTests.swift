import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The vocabulary has one home (`EventVocabulary`); the table in `docs/reference.md` says the same.
@Suite struct EventVocabularyTests {
    static func vocabularySection() throws -> String {
        let reference = try String(contentsOfFile: RepositoryPaths.path("docs/reference.md"), encoding: .utf8)
        let start = try #require(reference.range(of: "## Event vocabulary"))
        let end = try #require(reference.range(of: "## Instrumenting your app", range: start.upperBound..<reference.endIndex))
        return String(reference[start.upperBound..<end.lowerBound])
    }

    @Test func everyEventIsInTheReferenceRowOfItsFamily() throws {
        let rows = try Self.vocabularySection().split(separator: "\n").filter { $0.hasPrefix("| ") }
        for name in EventVocabulary.events.keys.sorted() where !name.hasPrefix("phase.") {
            let family = String(name.family)
            let member = String(name.rawValue.dropFirst(family.count + 1))
            let listed = rows.contains { row in
                row.contains("`\(name)`") || (row.contains("`\(family).") && (row.contains("`\(member)`") || row.contains("/`\(member)`")))
            }
            #expect(listed, "\(name) is not in the Event vocabulary of docs/reference.md")
        }
    }

    @Test func everyEventTheReferenceNamesIsKnown() throws {
        let section = try Self.vocabularySection()
        let names = section.matches(of: /`([a-z]+\.[a-z][a-z-]*)`/).map { String($0.1) }
        for name in names {
            #expect(EventVocabulary.events[EventName(name)] != nil, "docs/reference.md names \(name), which EventVocabulary does not know")
        }
    }

    /// `KnownEventName`'s cases, `EventName`'s constants and `EventVocabulary`'s entries are one
    /// list written three times (a constant cannot be made from a dictionary): they must stay equal.
    @Test func everyConstantHasItsMeaningAndEveryMeaningItsConstant() throws {
        let source = try String(contentsOfFile: RepositoryPaths.path("Sources/LifelintModel/EventName.swift"), encoding: .utf8)
        let constants = source.matches(of: /static let (\w+) = EventName\(\.(\w+)\)/).map { ($0.1, $0.2) }
        #expect(source.matches(of: /static let/).count == constants.count, "every constant is made from its case")
        #expect(constants.allSatisfy { $0.0 == $0.1 })
        #expect(Set(constants.map { String($0.1) }) == Set(KnownEventName.allCases.map { "\($0)" }))
        #expect(Set(KnownEventName.allCases.map { EventName($0) }) == Set(EventVocabulary.events.keys))
        #expect(KnownEventName.allCases.allSatisfy { EventName(rawValue: $0.rawValue).known == $0 })
    }

    /// Each event's attributes, as `EventVocabulary.attributes` declares them, are named in a
    /// row of `docs/reference.md` that lists the event (the vocabulary table, or the phase table for `phase.*`).
    @Test func everyDeclaredAttributeIsInTheReferenceRowOfItsEvent() throws {
        let reference = try String(contentsOfFile: RepositoryPaths.path("docs/reference.md"), encoding: .utf8)
        let phases = try #require(reference.range(of: "## Phases"))
        let phaseRows = reference[phases.upperBound...].split(separator: "\n").prefix(12).filter { $0.hasPrefix("| `phase.") }
        let rows = try Self.vocabularySection().split(separator: "\n").filter { $0.hasPrefix("| ") } + phaseRows
        for (name, attributes) in EventVocabulary.attributes.sorted(by: { $0.key < $1.key }) {
            let family = String(name.family)
            let member = String(name.rawValue.dropFirst(family.count + 1))
            let listing = rows.filter { row in
                row.contains("`\(name)`") || (row.contains("`\(family).") && (row.contains("`\(member)`") || row.contains("/`\(member)`")))
            }
            #expect(!listing.isEmpty, "\(name) has no row in docs/reference.md")
            for attribute in attributes {
                let named = listing.contains { $0.contains("`\(attribute)`") || $0.contains("`\(attribute)=") }
                #expect(named, "no row of docs/reference.md for \(name) names its attribute \(attribute)")
            }
        }
        #expect(Set(EventVocabulary.attributes.keys).isSubset(of: Set(EventVocabulary.events.keys)))
    }

    @Test func thePhaseDeriversEventsAreInTheVocabulary() {
        for phase in AppPhase.allCases { #expect(EventVocabulary.events[phase.eventName] != nil) }
        #expect(EventVocabulary.events[EventName.phaseColdStart] != nil)
    }
}

@Suite struct EventNameCodeTests {
    @Test func namesAreNumberedOnceAndPastTheCapacityCompareByText() {
        let codes = EventNameCodes(capacity: 2)
        let vocabulary = Int32(KnownEventName.allCases.count)
        #expect(codes.entry(for: "persist.begin").code == Int32(KnownEventName.allCases.firstIndex(of: .persistBegin)!))
        #expect(codes.entry(for: "activity.created").code == 0)
        #expect(codes.entry(for: "note.saved").code == vocabulary)
        #expect(codes.entry(for: "note.opened").code == vocabulary + 1)
        #expect(codes.entry(for: "note.saved").code == vocabulary)
        #expect(codes.entry(for: "note.closed").code == -1)
        #expect(codes.entry(for: "note.closed").code == -1)
        #expect(codes.entry(for: "persist.end").known == .persistEnd)
        #expect(codes.entry(for: "phase.active").known == .phaseActive)
        #expect(codes.entry(for: "note.saved").known == nil)
    }

    @Test func equalityAndHashingFollowTheText() {
        let made = EventName(rawValue: "note." + "saved")
        #expect(made == EventName("note.saved"))
        #expect(made != EventName.persistEnd)
        #expect(Set([made, EventName("note.saved"), .persistEnd]).count == 2)
        #expect(EventName("persist.begin") == .persistBegin)
    }
}
