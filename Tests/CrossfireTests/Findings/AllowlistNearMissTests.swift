import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// A value written at a leaf and read back as the SDK's documented behaviour does not explain:
/// close to an entry's situation, but not it.
struct NearMiss: Sendable {
    /// What it is near to.
    let name: String
    /// The leaf field, named `leaf`.
    let leaf: FieldSchema
    /// The value written.
    let written: ModelValue
    /// The value read back.
    let readBack: ModelValue
    /// The nestings it can occur in.
    var nestings: [LeafNesting] = LeafNesting.allCases
}

/// Near misses of the allowlist's entries at every nesting: a round trip that wrote a value and
/// read back one the entry's rule does not give is unexpected at the nested leaf.
@Suite("Allowlist: near misses are not explained, at any nesting")
struct AllowlistNearMissTests {
    static let nearMisses: [NearMiss] = [
        NearMiss(name: "an Int8 that comes back as nil", leaf: FieldSchema(name: "leaf", type: .optional(.integer(.int8))),
                 written: .int(5), readBack: .null, nestings: [.topLevel, .arrayElement, .stringKeyedValue] + LeafNesting.structFieldNestings.dropFirst()),
        NearMiss(name: "an Int8 that comes back as 2", leaf: FieldSchema(name: "leaf", type: .integer(.int8)), written: .int(5), readBack: .int(2)),
        NearMiss(name: "a Decimal changed beyond what Double explains", leaf: FieldSchema(name: "leaf", type: .decimal),
                 written: .decimal(Decimal(sign: .plus, exponent: -3, significand: 12_093)), readBack: .decimal(Decimal(sign: .plus, exponent: -2, significand: 1_210))),
        NearMiss(name: "a time changed by more than the microsecond cut", leaf: FieldSchema(name: "leaf", type: .timestamp),
                 written: .timestamp(Timestamp(seconds: 60, nanoseconds: 1_500)), readBack: .timestamp(Timestamp(seconds: 60, nanoseconds: 0))),
        // 60.0000015 s is stored as 60 s and 1,500 ns, cut to 60.000001 s: a Date rounded to the
        // nearest microsecond (60.000002 s) is off by more than the cut, though only by 1 µs.
        NearMiss(name: "a Date rounded to the microsecond instead of cut", leaf: FieldSchema(name: "leaf", type: .date),
                 written: .date(Date(timeIntervalSince1970: 60.000_001_5)), readBack: .date(Date(timeIntervalSince1970: 60.000_002))),
        NearMiss(name: "a Date that lost less than a microsecond more than the cut", leaf: FieldSchema(name: "leaf", type: .date),
                 written: .date(Date(timeIntervalSince1970: 1_700_000_000.123_456_7)),
                 readBack: .date(Date(timeIntervalSince1970: 1_700_000_000.123_456_7).addingTimeInterval(-4e-7))),
        NearMiss(name: "a time rounded to the microsecond instead of cut", leaf: FieldSchema(name: "leaf", type: .timestamp),
                 written: .timestamp(Timestamp(seconds: 60, nanoseconds: 1_500)), readBack: .timestamp(Timestamp(seconds: 60, nanoseconds: 2_000))),
        // Foundation's Decimal(Double) gives 12.093000000000002048 for the double nearest 12.093
        // (and for its next three); a double five ulps away reads back as 12.093000000000008192.
        NearMiss(name: "a Decimal read back through a double a few ulps away", leaf: FieldSchema(name: "leaf", type: .decimal),
                 written: .decimal(Decimal(sign: .plus, exponent: -3, significand: 12_093)),
                 readBack: .decimal(Decimal(12.093.nextUp.nextUp.nextUp.nextUp.nextUp))),
        NearMiss(name: "a server-timestamp field that was not nil", leaf: FieldSchema(name: "leaf", type: .optional(.timestamp), wrapper: .serverTimestamp),
                 written: .timestamp(Timestamp(seconds: 60, nanoseconds: 0)), readBack: .timestamp(CaseRunner.serverTime),
                 nestings: [.topLevel, .structInStringKeyedValue]),
    ]

    static let cases = AtNesting.all(nearMisses, name: \.name, nestings: \.nestings)

    @Test(arguments: cases)
    func theNestedLeafIsUnexpected(_ nested: AtNesting<NearMiss>) throws {
        let nearMiss = nested.situation
        let schema = nested.nesting.schema(nearMiss.leaf)
        let mapper = try ScriptedMapper(schema: schema, decoded: nested.nesting.model(nearMiss.readBack))
        let differ = Differ(schema: schema, participants: [Participant(name: "lenient", mapper: mapper, style: .strict)],
                            reference: try DocumentReference(path: HandBuiltCase.referencePath), serverTime: CaseRunner.serverTime)
        let losses = differ.checkRoundTrip(nested.nesting.model(nearMiss.written)).discrepancies
        #expect(losses.count == 1)
        for loss in losses {
            #expect(loss.path.count == nested.nesting.depth, "\(loss.path)")
            #expect(Allowlist.sdkBehaviour.entry(explaining: loss, schema: schema) == nil, "\(loss.path) \(loss.facts)")
        }
    }
}
