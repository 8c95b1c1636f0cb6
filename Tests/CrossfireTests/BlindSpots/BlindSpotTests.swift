import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Issue 16's acceptance: each blind spot a review found is a bug a default-profile run of at
/// most 10,000 cases now reports as an unexpected class at the divergence point — the place
/// the mappers first part, or the rule situation whose rule vanished — and shrinks to it.
@Suite("Blind spots: a planted bug of each kind is one unexpected class at the divergence point")
struct BlindSpotTests {
    /// The most cases a bug may take.
    static let budget = 10_000
    /// The fewest cases run after the bug's class was found, for the other classes it makes.
    static let followUp = 100
    /// The most unexpected classes a bug planted in a copy of the Codable mapper may make: its
    /// own, and two for other rules it breaks (as `PlantedFaultTests` allows).
    static let classLimit = 3
    /// The Codable mapper, the reference.
    static let codable = MapperSpec(factory: CodableMapperFactory(), style: .strict)

    /// The planted copy of the Codable mapper with `bug`.
    static func planted(_ bug: any PlantedBug) -> MapperSpec {
        MapperSpec(factory: PlantedFaultFactory(bug: bug), style: .strict)
    }

    /// What every bug's run must show: found within the budget, its class unexpected and shrunk
    /// to a case that still shows the bug (at its divergence point); the unexpected classes
    /// involving `mapper` at most `limit`.
    private func expectFound(_ run: BlindSpotRun, _ name: String, mapper: String, limit: Int, isBug: (Finding) -> Bool) throws -> FindingClass {
        let listing = run.unexpected.map { "  \($0.key.canonical) ×\($0.occurrences)" }.joined(separator: "\n")
        let first = try #require(run.bugFindings.first, "\(name) not found in \(run.cases) cases; unexpected classes:\n\(listing)")
        let bugClass = try #require(run.classes.first { $0.tally.symptoms[first.key] != nil })
        #expect(bugClass.isUnexpected, "\(name): \(bugClass.key.canonical) is explained")
        let shrunk = try #require(bugClass.shrunk, "\(name): the bug's class was not shrunk")
        #expect(shrunk.key == bugClass.key && isBug(shrunk), "\(name): the shrunk example left the divergence point: \(shrunk.discrepancy.path)")
        let involved = run.unexpected.filter { $0.key.outcomes.contains { $0.mapper == mapper } }
        #expect(involved.count <= limit, "\(name): \(involved.count) unexpected classes:\n\(listing)")
        print("blind spot \(name): found in \(run.casesToFind ?? 0) of \(run.cases) cases, shrunk to \(shrunk.discrepancy.path): \(bugClass.key.canonical)\n\(listing)")
        return bugClass
    }

    @Test("a quirk removed from the shared write path (Int8 stored as an integer) is a vanished expectation")
    func removedQuirk() throws {
        let isBug = { (finding: Finding) in
            finding.discrepancy.kind == .expectationMissing && finding.key.missing == "int8-stored-as-boolean"
                && finding.discrepancy.facts.type?.unwrapped == .integer(.int8)
        }
        let storage = WritePathStorage(options: WritePathOptions(int8Storage: .integer, floatWidening: .binary))
        let run = try BlindSpotRun(mappers: [Self.codable], storage: storage, budget: Self.budget, followUp: Self.followUp, isBug: isBug)
        let bugClass = try expectFound(run, "removed-int8-quirk", mapper: "codable", limit: 1, isBug: isBug)
        #expect(bugClass.tally.cells.keys.contains(RuleSituation.int8AsBoolean.cell))
        // The real storage: the same campaign has the rule every time it reaches an Int8.
        let control = try BlindSpotRun(mappers: [Self.codable], budget: bugClass.first.testCase.caseIndex.map { $0 + 1 } ?? 1, followUp: 0, isBug: isBug)
        #expect(control.unexpected.isEmpty, "\(control.unexpected.map(\.key.canonical))")
    }

    @Test("a mapper that fails at a later field than the reference is found where they first part")
    func laterFieldFailure() throws {
        let isBug = { (finding: Finding) -> Bool in
            let planted = finding.discrepancy.outcomes.first { $0.mapper == PlantedFaultFactory.mapperName }
            guard finding.discrepancy.kind == .decodeDisagreement, finding.discrepancy.facts.container == .structField,
                  finding.discrepancy.facts.coding == nil, case .integer? = finding.discrepancy.facts.type?.unwrapped,
                  case .stored(.double(let number)) = finding.discrepancy.facts.held, number.rounded(.towardZero) != number,
                  finding.discrepancy.outcomes.first?.failure?.kind == .dataCorrupted, let planted else { return false }
            return planted.result == .value || planted.result == .passed
        }
        // Until the planted mapper, past the integer, also failed at a later field: two failures.
        let run = try BlindSpotRun(mappers: [Self.codable, Self.planted(FieldIntegerTruncated())], budget: Self.budget, followUp: Self.followUp,
                                   isBug: isBug, until: { $0.contains { $0.discrepancy.outcomes.last?.result == .passed } })
        let bugClass = try expectFound(run, "later-field-failure", mapper: PlantedFaultFactory.mapperName, limit: Self.classLimit, isBug: isBug)
        let twoFailures = run.bugFindings.filter { $0.discrepancy.outcomes.last?.result == .passed }
        #expect(!twoFailures.isEmpty, "the planted mapper never failed later in \(run.cases) cases")
        for finding in twoFailures {
            // The leaf is the integer the reference refused, never the later field where the
            // planted mapper stopped; it is the same class as where the planted mapper succeeds.
            let later = try #require(finding.discrepancy.outcomes.last?.failure)
            #expect(finding.testCase.schema.decodesBefore(finding.discrepancy.path, later.leafPath), "\(finding.discrepancy.path) after \(later.leafPath)")
            #expect(finding.key == bugClass.key)
        }
    }

    @Test("a silent nil at an Int8 stored as a boolean is no storage rule")
    func silentNilAtInt8() throws {
        let isBug = { (finding: Finding) -> Bool in
            guard finding.discrepancy.kind == .roundTripLoss, finding.discrepancy.facts.type?.unwrapped == .integer(.int8),
                  let planted = finding.discrepancy.outcomes.first, planted.mapper == PlantedFaultFactory.mapperName else { return false }
            return planted.result == .null
        }
        let run = try BlindSpotRun(mappers: [Self.codable, Self.planted(Int8BooleanReadAsNil())], budget: Self.budget, followUp: Self.followUp,
                                   isBug: isBug)
        _ = try expectFound(run, "int8-silent-nil", mapper: PlantedFaultFactory.mapperName, limit: Self.classLimit, isBug: isBug)
    }

    @Test("a Date rounded below the microsecond is no storage precision")
    func subMicrosecondRounding() throws {
        // The round trip's loss and the encode that stores the rounded time are one cause
        // (the planted write): either is the bug's finding.
        let isBug = { (finding: Finding) -> Bool in
            let discrepancy = finding.discrepancy
            guard !finding.isExpected, discrepancy.facts.type?.unwrapped == .date else { return false }
            switch discrepancy.kind {
            case .roundTripLoss:
                return discrepancy.outcomes.first?.mapper == PlantedFaultFactory.mapperName && discrepancy.outcomes.first?.result == .value
            case .encodeDisagreement:
                return discrepancy.outcomes.contains { $0.mapper == PlantedFaultFactory.mapperName && $0.result == .stored(.timestamp) }
            default:
                return false
            }
        }
        let run = try BlindSpotRun(mappers: [Self.codable, Self.planted(DateRoundedToTheMicrosecond())], budget: Self.budget,
                                   followUp: Self.followUp, isBug: isBug)
        _ = try expectFound(run, "sub-microsecond-rounding", mapper: PlantedFaultFactory.mapperName, limit: Self.classLimit, isBug: isBug)
    }

    @Test("a bug in a concrete overload of the unkeyed container is found in a hand-written list")
    func concreteUnkeyedOverload() throws {
        let isBug = { (finding: Finding) -> Bool in
            let discrepancy = finding.discrepancy
            guard discrepancy.kind == .decodeDisagreement, discrepancy.facts.coding == .elementwise, discrepancy.facts.container == .arrayElement,
                  case .integer? = discrepancy.facts.type?.unwrapped else { return false }
            let reference = discrepancy.outcomes.first { $0.mapper == "codable" }
            let planted = discrepancy.outcomes.first { $0.mapper == PlantedFaultFactory.mapperName }
            return reference?.failure?.kind == .dataCorrupted && planted?.result == .value
        }
        let run = try BlindSpotRun(mappers: [Self.codable, Self.planted(ConcreteUnkeyedOverloadTruncates())], budget: Self.budget,
                                   followUp: Self.followUp, isBug: isBug)
        let bugClass = try expectFound(run, "concrete-unkeyed-overload", mapper: PlantedFaultFactory.mapperName, limit: Self.classLimit, isBug: isBug)
        #expect(bugClass.key.coding == .elementwise)
    }

    @Test("a wrong rule for a null in a [String: Date] is found at the entry")
    func nullInStringDateDictionary() throws {
        let isBug = { (finding: Finding) -> Bool in
            let discrepancy = finding.discrepancy
            guard discrepancy.kind == .decodeDisagreement, discrepancy.facts.container == .stringKeyedValue, discrepancy.facts.held == .stored(.null),
                  case .dictionary(.string, .date)? = finding.testCase.schema.fieldType(at: discrepancy.path.parent)?.unwrapped else { return false }
            return discrepancy.outcomes.first?.result == .absent && discrepancy.outcomes.last?.result == .value
        }
        let run = try BlindSpotRun(mappers: [Self.codable, Self.planted(NullDateEntryReadAsEpoch())], budget: Self.budget, followUp: Self.followUp,
                                   isBug: isBug)
        let bugClass = try expectFound(run, "null-in-string-date-dictionary", mapper: PlantedFaultFactory.mapperName, limit: Self.classLimit, isBug: isBug)
        #expect(bugClass.tally.cells.keys.contains(RuleSituation.nullEntryDropped.cell))
    }
}
