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
