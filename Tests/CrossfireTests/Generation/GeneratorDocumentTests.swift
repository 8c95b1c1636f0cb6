import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

@Suite("DocumentGenerator")
struct GeneratorDocumentTests {
    @Test("documents of random schemas have the schema's shapes and keep Firestore's limits", arguments: GenerationProfile.presets)
    func shapesAndLimits(profile: GenerationProfile) {
        for seed in UInt64(0)..<150 {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: profile).generate(from: &source)
            let generator = DocumentGenerator(schema: schema, profile: profile)
            for _ in 0..<2 {
                let document = generator.generate(from: &source)
                let shapes = DocumentShape.violations(of: document, schema: schema)
                let limits = FirestoreLimits.violations(of: document, maxDepth: profile.effectiveMaxDepth)
                #expect(shapes.isEmpty, "seed \(seed), \(profile.name): \(shapes.prefix(5))")
                #expect(limits.isEmpty, "seed \(seed), \(profile.name): \(limits.prefix(5))")
            }
        }
    }

    @Test("the same seed gives the same document")
    func determinism() {
        let generator = DocumentGenerator(schema: EveryTypeSchema.schema, profile: .edges)
        for seed in UInt64(0)..<30 {
            var first = ChoiceSource(seed: seed)
            var second = ChoiceSource(seed: seed)
            #expect(generator.generate(from: &first) == generator.generate(from: &second))
            #expect(first.recorded == second.recorded)
        }
    }

    /// Many documents of the schema with every type, filled in.
    static let documents: [FirestoreMap] = {
        let generator = DocumentGenerator(schema: EveryTypeSchema.schema, profile: EveryTypeSchema.fullProfile)
        return (UInt64(0)..<600).map { seed in
            var source = ChoiceSource(seed: seed)
            return generator.generate(from: &source)
        }
    }()

    @Test("documents of the every-type schema are valid")
    func everyTypeDocumentsAreValid() {
        for document in Self.documents {
            #expect(DocumentShape.violations(of: document, schema: EveryTypeSchema.schema).isEmpty)
            #expect(FirestoreLimits.violations(of: document).isEmpty)
            #expect(document["hidden"] == nil, "a field left out of CodingKeys is never in a valid document")
        }
    }

    @Test("every integer width reaches both of its limits, as .integer")
    func integerLimits() {
        let fields: [(String, IntegerType)] = [
            ("small", .int8), ("byte", .uint8), ("short", .int16), ("word", .uint16), ("medium", .int32),
            ("unsigned", .uint32), ("count", .int), ("big", .int64), ("huge", .uint64), ("natural", .uint),
        ]
        for (key, type) in fields {
            let stored = Set(Self.documents.compactMap { document -> Int64? in
                if case .integer(let number)? = document[key] { return number }
                return nil
            })
            let top = Int64(clamping: type.maximum)
            #expect(stored.contains(type.minimum) && stored.contains(top), "\(key): \(type) limits not both seen")
            #expect(Self.documents.allSatisfy { if case .integer? = $0[key] { return true } else { return false } })
        }
    }

    @Test("the default profile writes the other encodings a real database holds, each valid for its type")
    func otherEncodings() {
        var profile = EveryTypeSchema.fullProfile
        profile.otherEncodingProbability = GenerationProfile.default.otherEncodingProbability
        let generator = DocumentGenerator(schema: EveryTypeSchema.schema, profile: profile)
        let documents = (UInt64(0)..<300).map { seed in
            var source = ChoiceSource(seed: seed)
            return generator.generate(from: &source)
        }
        func held(_ key: String, _ predicate: (FirestoreValue) -> Bool) -> Bool { documents.contains { $0[key].map(predicate) ?? false } }
        #expect(held("count") { if case .double = $0 { true } else { false } }, "an integer as an integral double")
        #expect(held("when") { if case .map = $0 { true } else { false } }, "a Date as a {seconds, nanoseconds} map")
        #expect(held("stamp") { if case .map = $0 { true } else { false } }, "a Timestamp as a {seconds, nanoseconds} map")
        #expect(held("place") { if case .map = $0 { true } else { false } }, "a GeoPoint as a {latitude, longitude} map")
        #expect(held("blob") { if case .string = $0 { true } else { false } }, "Data as a base64 string")
        for document in documents {
            #expect(DocumentShape.violations(of: document, schema: EveryTypeSchema.schema).isEmpty)
        }
    }

    @Test("Double fields get NaN, −0.0, ±Infinity, integral doubles and integers from other SDKs")
    func doubleEdges() {
        let amounts = Self.documents.compactMap { $0["amount"] }
        func has(_ predicate: (FirestoreValue) -> Bool) -> Bool { amounts.contains(where: predicate) }
        #expect(has { if case .double(let number) = $0 { return number.isNaN } else { return false } })
        #expect(has { $0 == .double(-0.0) })
        #expect(has { $0 == .double(.infinity) } && has { $0 == .double(-.infinity) })
        #expect(has { if case .double(let number) = $0 { return number.isFinite && number == number.rounded() && number != 0 } else { return false } })
        #expect(has { if case .integer = $0 { return true } else { return false } })
    }

    @Test("Float fields get only values Float can hold, non-finite never")
    func floatValues() {
        for document in Self.documents {
            guard case .double(let number)? = document["ratio"] else { continue }
            #expect(number.isFinite && abs(number) <= Double(Float.greatestFiniteMagnitude))
        }
        #expect(Self.documents.contains { $0["ratio"] == .double(Double(Float.greatestFiniteMagnitude)) })
    }

    @Test("empty strings and collections, Unicode and canonically different strings appear")
    func stringAndCollectionEdges() {
        #expect(Self.documents.contains { $0["text"] == .string("") })
        #expect(Self.documents.contains { $0["text"] == .string("e\u{301}") } || Self.documents.contains { $0["text"] == .string("\u{E9}") })
        #expect(Self.documents.contains { document in
            if case .string(let text)? = document["text"] { return text.unicodeScalars.contains { $0.value > 0xFFFF } }
            return false
        })
        #expect(Self.documents.contains { $0["tags"] == .array([]) })
        #expect(Self.documents.contains { $0["blob"] == .bytes(Data()) })
        #expect(Self.documents.contains { $0["scores"] == .map(FirestoreMap()) })
    }

    @Test("wrappers: @DocumentID absent or junk, @ServerTimestamp and @ExplicitNull null or a value")
    func wrapperShapes() {
        #expect(Self.documents.contains { $0["id"] == nil } && Self.documents.contains { $0["id"] != nil })
        #expect(Self.documents.allSatisfy { $0["created"] != nil && $0["cleared"] != nil })
        #expect(Self.documents.contains { $0["created"] == .null })
        #expect(Self.documents.contains { if case .timestamp? = $0["created"] { return true } else { return false } })
        #expect(Self.documents.contains { $0["cleared"] == .null })
    }

    @Test("timestamps are µs-truncated and reach both ends of Firestore's range")
    func timestamps() {
        let stamps = Self.documents.compactMap { document -> Timestamp? in
            if case .timestamp(let stamp)? = document["when"] { return stamp }
            return nil
        }
        #expect(stamps.allSatisfy { $0.isValid && $0.nanoseconds % 1000 == 0 })
        #expect(stamps.contains(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0)))
        #expect(stamps.contains(Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_000)))
    }

    @Test("enums in their three coded forms; colors with six and eight digits; URLs that parse")
    func codedForms() {
        #expect(Self.documents.contains { $0["status"] == .string("GONE") })
        #expect(Self.documents.contains { $0["level"] == .integer(10) } && Self.documents.contains { $0["level"] == .integer(0) })
        #expect(Self.documents.contains { $0["mode"] == .map(["slow": .map(FirestoreMap())]) })
        let colors = Self.documents.compactMap { document -> String? in
            if case .string(let text)? = document["tint"] { return text }
            return nil
        }
        #expect(colors.contains { $0.count == 7 } && colors.contains { $0.count == 9 })
        #expect(colors.contains { $0.contains(where: \.isLowercase) } && colors.contains { $0.contains(where: \.isUppercase) })
        let byStatus = Self.documents.compactMap { document -> [FirestoreValue]? in
            if case .array(let elements)? = document["byStatus"] { return elements }
            return nil
        }
        #expect(byStatus.contains { $0.count == 4 && $0[0] != $0[2] })
    }

    @Test("sets never hold NaN or two elements Swift would merge, such as 0.0 and −0.0")
    func setsWithoutSwiftDuplicates() {
        var sawNegativeZero = false
        for document in Self.documents {
            for key in ["amounts", "ratios", "words"] {
                guard case .array(let elements)? = document[key] else { continue }
                let zeros = elements.filter { $0 == .double(0) || $0 == .double(-0.0) }
                #expect(zeros.count <= 1)
                if elements.contains(.double(-0.0)) { sawNegativeZero = true }
            }
        }
        #expect(sawNegativeZero)
    }

    @Test("a document's reference is valid; with an exhausted input it is a/a")
    func reference() throws {
        let generator = DocumentGenerator(schema: EveryTypeSchema.schema)
        var empty = ChoiceSource(bytes: [UInt8]())
        #expect(generator.reference(from: &empty)?.path == "a/a")
        for seed in UInt64(0)..<100 {
            var source = ChoiceSource(seed: seed)
            let reference = try #require(generator.reference(from: &source))
            #expect(reference.segments.count % 2 == 0 && reference.segments.allSatisfy { DocumentReference.problem(withID: $0) == nil })
        }
    }
}
