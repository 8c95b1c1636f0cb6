import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// `storage-precision` at a set element judges the whole set: two dates near 1970 a
/// microsecond apart, each just below a microsecond, come back from storage as 0 and the
/// earlier one's written value; the differ pairs the equal elements and leaves the later date
/// against 0. Expected when the whole set is what storage gives back, and only then: a storage
/// that rounds to the microsecond instead of cutting is unexpected.
struct StoredSetJudgementTests {
    /// Seconds since 2001 of the Date `steps` representable Dates after 1970 (each about 119 ns).
    static func stepsAfter1970(_ steps: Int) -> ModelValue {
        var interval = -978_307_200.0
        for _ in 0..<steps { interval = interval.nextUp }
        return .date(Date(timeIntervalSinceReferenceDate: interval))
    }

    /// The round-trip losses of `written` read back as `readBack` in a `Set<Date>`, and the
    /// allowlist entry explaining each (nil: unexpected).
    static func judged(written: [Int], readBack: [Int]) throws -> [String?] {
        let schema = LeafNesting.setElement.schema(FieldSchema(name: "leaf", type: .date))
        let model = { (steps: [Int]) in HandBuiltCase.structure(["leafs": .set(steps.map(stepsAfter1970))]) }
        let mapper = try ScriptedMapper(schema: schema, decoded: model(readBack))
        let differ = Differ(schema: schema, participants: [Participant(name: "strict", mapper: mapper, style: .strict)],
                            reference: try DocumentReference(path: HandBuiltCase.referencePath), serverTime: CaseRunner.serverTime)
        let losses = differ.checkRoundTrip(model(written)).discrepancies
        return losses.map { Allowlist.sdkBehaviour.entry(explaining: $0, schema: schema)?.id }
    }

    @Test("0.954 µs and 1.907 µs after 1970 come back as 0 and 0.954 µs: expected, as storage-precision")
    func shiftedByStorage() throws {
        // 8 steps is 0.954 µs (cut to 0), 16 steps 1.907 µs (cut to 1 µs, the Date nearest which is 8 steps).
        let entries = try Self.judged(written: [8, 16], readBack: [0, 8])
        #expect(entries == ["storage-precision"])
    }

    @Test("the same dates rounded to the microsecond instead of cut: unexpected")
    func roundedInstead() throws {
        // Rounded: 0.954 µs to 1 µs (8 steps), 1.907 µs to 2 µs (17 steps).
        let entries = try Self.judged(written: [8, 16], readBack: [8, 17])
        #expect(!entries.isEmpty && entries.allSatisfy { $0 == nil })
    }
}
