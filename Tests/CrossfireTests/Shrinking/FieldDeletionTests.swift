@testable import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// The shrinker's field deletion: one field out of the schema and out of every value of its
/// struct, with the rest of the case replaying choice for choice.
@Suite struct FieldDeletionTests {
    /// Flat structs of scalars: no enums, renames or reuse, whose choices depend on how many
    /// fields came before.
    static let flat: GenerationProfile = {
        var profile = GenerationProfile.scalars
        profile.name = "flat"
        profile.typeWeights.enumeration = 0
        profile.maxEnums = 0
        profile.renameProbability = 0
        profile.maxFieldsPerStruct = 4
        return profile
    }()

    /// Nested structs in arrays and dictionaries, each struct made afresh.
    static let nested: GenerationProfile = {
        var profile = GenerationProfile.nestedWrappers
        profile.name = "nested"
        profile.typeWeights.enumeration = 0
        profile.maxEnums = 0
        profile.renameProbability = 0
        profile.reuseProbability = 0
        profile.maxStructs = 12
        return profile
    }()

    @Test(arguments: [FieldDeletionTests.flat, FieldDeletionTests.nested])
    func everyDeletionReplaysChoiceForChoice(_ profile: GenerationProfile) throws {
        let runner = CaseRunner(mappers: [MapperSpec(factory: CodableMapperFactory(), style: .strict)],
                                generator: CaseGenerator(profile: profile, faultProbability: 0))
        var tried = 0
        for seed in UInt64(1)...40 {
            var source = ChoiceSource(seed: seed)
            let original = runner.run(from: &source)
            let schema = original.record.schema
            for candidate in FieldDeletion(schema: schema, spans: source.spans).candidates(from: source.recorded, keeping: .root) {
                tried += 1
                var replay = ChoiceSource(replaying: candidate.choices)
                let shrunk = runner.run(from: &replay)
                #expect(replay.misalignedCount == 0, "seed \(seed): deleting \(candidate.structName).\(candidate.field) misaligned the replay")
                #expect(replay.recorded == candidate.choices, "seed \(seed): deleting \(candidate.structName).\(candidate.field) left choices unread")
                let before = try #require(schema.structSchema(named: candidate.structName)).fields
                let after = try #require(shrunk.record.schema.structSchema(named: candidate.structName)).fields
                var expected = before.map { FieldDeletionTests.shape($0.type) }
                expected.remove(at: candidate.field)
                #expect(after.map { FieldDeletionTests.shape($0.type) } == expected, "seed \(seed): \(candidate.structName) lost the wrong field")
            }
        }
        #expect(tried > 40, "the seeds must offer deletions to try")
    }

    /// A type with its struct names left out (a struct made after a deleted one takes its name).
    static func shape(_ type: FieldType) -> String {
        switch type {
        case .structure: return "struct"
        case .optional(let inner): return shape(inner) + "?"
        case .array(let element): return "[" + shape(element) + "]"
        case .set(let element): return "Set<" + shape(element) + ">"
        case .dictionary(let key, let value): return "[\(key): " + shape(value) + "]"
        default: return type.description
        }
    }

    @Test func aDeletionKeepsTheOtherFieldsValues() throws {
        let runner = CaseRunner(mappers: [MapperSpec(factory: CodableMapperFactory(), style: .strict)],
                                generator: CaseGenerator(profile: FieldDeletionTests.flat, faultProbability: 0))
        // The first seed whose root struct has two fields or more.
        let (original, source) = try #require((UInt64(1)...100).lazy.map { seed -> (CaseExecution, ChoiceSource) in
            var source = ChoiceSource(seed: seed)
            return (runner.run(from: &source), source)
        }.first { ($0.0.record.schema.rootStruct?.fields.count ?? 0) >= 2 })
        let root = try #require(original.record.schema.rootStruct)
        let candidates = FieldDeletion(schema: original.record.schema, spans: source.spans).candidates(from: source.recorded, keeping: .root)
        let first = try #require(candidates.first { $0.field == 0 })
        var replay = ChoiceSource(replaying: first.choices)
        let shrunk = runner.run(from: &replay)
        guard case .structure(let before)? = original.record.model, case .structure(let after)? = shrunk.record.model else {
            Issue.record("expected struct model values")
            return
        }
        #expect(after.map(\.value) == before.dropFirst().map(\.value))
        let documentBefore = root.fields.dropFirst().map { original.record.document?[$0.codingKey ?? ""] }
        let shrunkRoot = try #require(shrunk.record.schema.rootStruct)
        let documentAfter = shrunkRoot.fields.map { shrunk.record.document?[$0.codingKey ?? ""] }
        #expect(documentAfter == documentBefore)
    }

    @Test func theFieldsOnAFindingsPathAreKept() throws {
        let schema = ModelSchema(root: "Model", structs: [
            StructSchema(name: "Model", fields: [
                FieldSchema(name: "a", type: .integer(.int)),
                FieldSchema(name: "tags", codingKey: "t", type: .array(.structure("Tag"))),
            ]),
            StructSchema(name: "Tag", fields: [FieldSchema(name: "color", type: .hexColor), FieldSchema(name: "title", type: .string)]),
        ])
        let deletion = FieldDeletion(schema: schema, spans: [])
        #expect(deletion.fieldsOnPath(ValuePath([.key("t"), .index(1), .key("title")]))
                == [FieldDeletion.FieldID(structName: "Model", field: 1), FieldDeletion.FieldID(structName: "Tag", field: 1)])
        #expect(deletion.fieldsOnPath(ValuePath(keys: "tags")).isEmpty, "struct steps go by coding key")
    }

    @Test func editsRemoveRangesAndPutInAStop() {
        let edit = FieldDeletion.Edit(removed: FieldDeletion.merged([5..<7, 1..<3, 2..<4, 8..<8]), stopAt: 7)
        #expect(edit.removed == [1..<4, 5..<7])
        #expect(edit.applied(to: [10, 11, 12, 13, 14, 15, 16, 17, 18]) == [10, 14, 0, 17, 18])
        #expect(edit.position(of: 0) == 0)
        #expect(edit.position(of: 2) == nil)
        #expect(edit.position(of: 4) == 1)
        #expect(edit.position(of: 7) == 3)
        #expect(FieldDeletion.Edit(removed: [0..<1], stopAt: 2).applied(to: [1, 2]) == [2, 0])
    }

    /// An edit keeps every choice outside its ranges, in order, and puts the stop in before the
    /// choice at its position (wherever that choice goes), or at the end.
    @Test func editsAgreeWithTheirDefinitionPositionByPosition() {
        var source = ChoiceSource(seed: 11)
        for _ in 0..<500 {
            let count = Int(source.draw(upTo: 12))
            let choices = (0..<count).map { UInt64($0 + 100) }
            let ranges = (0..<Int(source.draw(upTo: 4))).map { _ -> Range<Int> in
                let start = Int(source.draw(upTo: UInt64(count + 2)))
                return start..<(start + Int(source.draw(upTo: 4)))
            }
            let stop: Int? = source.draw(upTo: 1) == 0 ? nil : Int(source.draw(upTo: UInt64(count + 1)))
            let edit = FieldDeletion.Edit(removed: FieldDeletion.merged(ranges), stopAt: stop)
            var expected: [UInt64] = []
            for (position, choice) in choices.enumerated() {
                if position == stop { expected.append(0) }
                if !edit.removed.contains(where: { $0.contains(position) }) { expected.append(choice) }
            }
            if stop == count { expected.append(0) }
            #expect(edit.applied(to: choices) == expected, "\(choices) without \(edit.removed), stop at \(String(describing: stop))")
        }
    }

    @Test func spansRecordTheSpanTheyWereOpenedIn() throws {
        // Optional elements are spans (mandatory ones are not: they cannot be deleted); each
        // field opened inside an element names that element, which names the struct's span.
        var checked = 0
        for seed in UInt64(0)..<32 {
            var source = ChoiceSource(seed: seed)
            let count = source.span(.structDefinition) { source in
                source.forEachElement(maxCount: 3, averageCount: 2) { source, _ in
                    source.span(.field) { source in _ = source.draw(upTo: 9) }
                }
            }
            _ = source.span(.field) { source in source.bool(probability: 0.5) }
            let spans = source.spans
            guard count > 0 else { continue }
            #expect(spans.map(\.kind) == [.structDefinition] + Array(repeating: [.element, .field], count: count).flatMap { $0 } + [.field])
            var expectedParents: [Int?] = [nil]
            for element in 0..<count {
                let elementIndex = 1 + 2 * element
                expectedParents += [0, elementIndex]
            }
            expectedParents.append(nil)
            #expect(spans.map(\.parent) == expectedParents)
            checked += 1
        }
        #expect(checked > 0)
    }
}
