import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

@Suite("Replay and shrinking")
struct GeneratorReplayTests {
    @Test("a decode case replays exactly from its recorded choices, their text and their bytes", arguments: GenerationProfile.presets)
    func decodeCaseReplay(profile: GenerationProfile) throws {
        let generator = CaseGenerator(profile: profile, faultProbability: 0.7)
        for seed in UInt64(0)..<60 {
            var original = ChoiceSource(seed: seed)
            let made = generator.decodeCase(from: &original)
            var replay = ChoiceSource(replaying: original.recorded)
            #expect(generator.decodeCase(from: &replay) == made, "seed \(seed)")
            #expect(replay.recorded == original.recorded && replay.misalignedCount == 0)
            var fromText = ChoiceSource(replaying: try ChoiceSequence(text: original.sequence.text))
            #expect(generator.decodeCase(from: &fromText) == made)
            var fromBytes = ChoiceSource(bytes: original.byteInput)
            #expect(generator.decodeCase(from: &fromBytes) == made)
        }
    }

    @Test("an encode case replays exactly from its recorded choices")
    func encodeCaseReplay() {
        let generator = CaseGenerator(profile: .edges)
        for seed in UInt64(0)..<60 {
            var original = ChoiceSource(seed: seed)
            let made = generator.encodeCase(from: &original)
            var replay = ChoiceSource(replaying: original.recorded)
            #expect(generator.encodeCase(from: &replay) == made)
        }
    }

    @Test("an exhausted input gives the simplest case: a root struct without fields, an empty document")
    func exhaustedInputIsSimplest() {
        for profile in GenerationProfile.presets {
            let generator = CaseGenerator(profile: profile)
            var bytes = ChoiceSource(bytes: [UInt8]())
            let decodeCase = generator.decodeCase(from: &bytes)
            #expect(decodeCase.schema == ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [])]))
            #expect(decodeCase.document.isEmpty && decodeCase.faults.isEmpty)
            #expect(decodeCase.reference?.path == "a/a")
            var replay = ChoiceSource(replaying: [])
            #expect(generator.encodeCase(from: &replay).value == .structure([]))
            var zeros = ChoiceSource(replaying: Array(repeating: 0, count: 500))
            #expect(generator.decodeCase(from: &zeros) == decodeCase, "all-zero choices are the simplest choices too")
        }
    }

    @Test("an exhausted input gives each field its simplest value")
    func simplestDocument() {
        var source = ChoiceSource(replaying: [])
        let document = DocumentGenerator(schema: EveryTypeSchema.schema).generate(from: &source)
        #expect(document["text"] == .string("") && document["flag"] == .boolean(false))
        #expect(document["small"] == .integer(0) && document["huge"] == .integer(0))
        #expect(document["ratio"] == .double(0) && document["amount"] == .double(0) && document["price"] == .double(0))
        #expect(document["when"] == .timestamp(Timestamp(seconds: 0, nanoseconds: 0)))
        #expect(document["link"] == .string("https://example.com/") && document["blob"] == .bytes(Data()))
        #expect(document["place"] == .geoPoint(GeoPoint(latitude: 0, longitude: 0)))
        #expect(document["tint"] == .string("#000000"))
        #expect(document["status"] == .string("active") && document["level"] == .integer(0))
        #expect(document["mode"] == .map(["fast": .map(FirestoreMap())]))
        #expect(document["detail"] == .map(["name": .string(""), "values": .array([])]))
        #expect(document["tags"] == .array([]) && document["scores"] == .map(FirestoreMap()) && document["byStatus"] == .array([]))
        #expect(document["note"] == nil && document["id"] == nil)
        #expect(document["created"] == .null && document["cleared"] == .null)
        if case .reference(let owner)? = document["owner"] { #expect(owner.path == "a/a") } else { Issue.record("owner is not a reference") }
    }

    /// Schema size first, then document size.
    static func complexity(_ decodeCase: DecodeCase) -> [Int] {
        [Complexity.of(decodeCase.schema), Complexity.of(decodeCase.document)]
    }

    @Test("cutting a choice sequence short never gives a more complex case")
    func truncationSimplifies() {
        let generator = CaseGenerator(profile: .default, faultProbability: 0)
        for seed in UInt64(0)..<80 {
            var original = ChoiceSource(seed: seed)
            let made = generator.decodeCase(from: &original)
            let recorded = original.recorded
            for cut in stride(from: 0, to: recorded.count, by: max(1, recorded.count / 12)) {
                var replay = ChoiceSource(replaying: Array(recorded[..<cut]))
                let shorter = generator.decodeCase(from: &replay)
                #expect(!Self.complexity(made).lexicographicallyPrecedes(Self.complexity(shorter)),
                        "seed \(seed), cut at \(cut): \(Self.complexity(shorter)) > \(Self.complexity(made))")
                #expect(replay.recorded.count <= cut)
            }
        }
    }

    /// A collection that reached the profile's most elements ends without a choice
    /// (`ChoiceSource.continues`), so deleting one of its element spans makes the shorter
    /// collection draw one choice more and shifts every value after it: only the elements of
    /// collections below their maximum are deleted here.
    @Test("deleting an element's span from a document's choices gives a smaller or equal, valid document")
    func deletingElementsSimplifies() {
        let schemas = [EveryTypeSchema.schema] + (UInt64(0)..<20).map { seed -> ModelSchema in
            var source = ChoiceSource(seed: seed)
            return SchemaGenerator(profile: .default).generate(from: &source)
        }
        var deletions = 0
        for (number, schema) in schemas.enumerated() {
            let generator = DocumentGenerator(schema: schema, profile: EveryTypeSchema.fullProfile)
            for seed in [UInt64(number) + 1000, UInt64(number) + 2000] {
                var original = ChoiceSource(seed: seed)
                let document = generator.generate(from: &original)
                let elements = original.spans.filter { $0.kind == .element }
                let maximum = EveryTypeSchema.fullProfile.maxCollectionCount
                for span in elements where elements.count(where: { $0.parent == span.parent }) < maximum {
                    var edited = original.recorded
                    edited.removeSubrange(span.range)
                    var replay = ChoiceSource(replaying: edited)
                    let smaller = generator.generate(from: &replay)
                    #expect(Complexity.of(smaller) <= Complexity.of(document))
                    #expect(DocumentShape.violations(of: smaller, schema: schema).isEmpty)
                    deletions += 1
                }
            }
        }
        #expect(deletions > 100)
    }

    @Test("any edit of a choice sequence — spans deleted or zeroed, values lowered — replays to a valid case")
    func editedSequencesGiveValidCases() {
        let generator = CaseGenerator(profile: .edges, faultProbability: 0)
        var edits = ChoiceSource(seed: 12_345)
        for seed in UInt64(0)..<120 {
            var original = ChoiceSource(seed: seed)
            _ = generator.decodeCase(from: &original)
            var edited = original.recorded
            let spans = original.spans
            for _ in 0...Int(edits.draw(upTo: 3)) {
                guard !edited.isEmpty else { break }
                switch edits.draw(upTo: 2) {
                case 0:
                    if let span = edits.choose(from: spans), span.range.upperBound <= edited.count { edited.removeSubrange(span.range) }
                case 1:
                    if let span = edits.choose(from: spans), span.range.upperBound <= edited.count {
                        for position in span.range { edited[position] = 0 }
                    }
                default:
                    let position = Int(edits.draw(upTo: UInt64(edited.count - 1)))
                    edited[position] = edits.draw(upTo: edited[position])
                }
            }
            var replay = ChoiceSource(replaying: edited)
            let shrunk = generator.decodeCase(from: &replay)
            #expect(SchemaRules.violations(of: shrunk.schema, maxDepth: GenerationProfile.edges.effectiveMaxDepth).isEmpty, "seed \(seed)")
            let valid = DocumentShape.withoutTarget(shrunk)
            #expect(DocumentShape.violations(of: valid.document, schema: valid.schema).isEmpty, "seed \(seed)")
            #expect(FirestoreLimits.violations(of: valid.document).isEmpty, "seed \(seed)")
        }
    }

    @Test("random bytes, as libFuzzer sends them, always give valid cases")
    func randomBytesGiveValidCases() {
        var bytes = ChoiceSource(seed: 99)
        let generator = CaseGenerator(profile: .default, faultProbability: 0)
        for _ in 0..<150 {
            let input = (0..<Int(bytes.draw(upTo: 400))).map { _ in UInt8(bytes.draw(upTo: 255)) }
            var source = ChoiceSource(bytes: input)
            let made = generator.decodeCase(from: &source)
            #expect(SchemaRules.violations(of: made.schema, maxDepth: GenerationProfile.default.effectiveMaxDepth).isEmpty)
            let valid = DocumentShape.withoutTarget(made)
            #expect(DocumentShape.violations(of: valid.document, schema: valid.schema).isEmpty)
        }
    }
}
