import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// What a fault says about the document, checked against the documents before and after.
enum FaultCheck {
    /// The schema type of the value at a path of a valid document, if the path follows the schema.
    static func type(at path: ValuePath, in schema: ModelSchema) -> FieldType? {
        var type = FieldType.structure(schema.root)
        for component in path.components {
            switch (type.unwrapped, component) {
            case (.structure(let name), .key(let key)):
                guard let field = schema.structSchema(named: name)?.fields.first(where: { $0.codingKey?.utf8.elementsEqual(key.utf8) == true }) else { return nil }
                type = field.type
            case (.array(let element), .index), (.set(let element), .index), (.dictionary(.string, let element), .key), (.dictionary(.int, let element), .key):
                type = element
            case (.dictionary(.enumeration(let name), let value), .index(let position)):
                type = position % 2 == 0 ? .enumeration(name) : value
            default:
                return nil
            }
        }
        return type
    }

    /// Every way the fault's tag disagrees with the documents.
    static func problems(_ fault: Fault, before: FirestoreMap, after: FirestoreMap, schema: ModelSchema) -> [String] {
        var problems: [String] = []
        func fail(_ what: String) { problems.append("\(fault): \(what)") }
        let old = before.value(at: fault.path)
        let new = after.value(at: fault.path)
        let parent = after.value(at: fault.path.parent)
        var lastKey: String? = nil
        if case .key(let key)? = fault.path.components.last { lastKey = key }
        switch fault.kind {
        case .wrongType(let replaced, let with):
            if old?.kind != replaced || new?.kind != with || replaced == with { fail("kinds \(String(describing: old)) → \(String(describing: new))") }
        case .missingKey:
            if old == nil || new != nil { fail("key not removed") }
        case .nullValue:
            if new != .null || old == nil || old == .null || type(at: fault.path, in: schema)?.isOptional != false { fail("not a required value made null") }
        case .fractionalNumber:
            guard case .double(let number)? = new, number.isFinite, number != number.rounded() else { return ["\(fault): not fractional"] }
        case .integerOutOfRange(let integerType):
            switch new {
            case .integer(let number)?:
                if number >= integerType.minimum && (number < 0 || UInt64(number) <= integerType.maximum) { fail("in range") }
            case .double(let number)?:
                if number >= Double(integerType.minimum) && number < Double(integerType.maximum) { fail("in range") }
            default:
                fail("not a number")
            }
        case .nonFiniteFloat:
            guard case .double(let number)? = new, !number.isFinite else { return ["\(fault): finite"] }
        case .floatOutOfRange:
            guard case .double(let number)? = new, number.isFinite, abs(number) > Double(Float.greatestFiniteMagnitude) else { return ["\(fault): fits Float"] }
        case .nonFiniteDecimal:
            guard case .double(let number)? = new, !number.isFinite, type(at: fault.path, in: schema)?.unwrapped == .decimal else {
                return ["\(fault): not NaN or ±Infinity for a Decimal"]
            }
        case .unknownEnumValue:
            guard let type = type(at: fault.path, in: schema), let new else { return ["\(fault): no enum here"] }
            var shapes: [String] = []
            DocumentShape.check(new, type.unwrapped, path: "", schema: schema, into: &shapes)
            if shapes.isEmpty || old?.kind != new.kind { fail("still a case of the enum") }
        case .invalidURL:
            guard case .string(let text)? = new, URL(string: text) == nil else { return ["\(fault): URL(string:) reads it"] }
        case .invalidBase64:
            guard case .string(let text)? = new, Data(base64Encoded: text) == nil else { return ["\(fault): valid base64"] }
        case .invalidHexColor:
            var shapes: [String] = []
            if let new { DocumentShape.check(new, .hexColor, path: "", schema: schema, into: &shapes) }
            if shapes.isEmpty || new?.kind != .string { fail("a valid hex color") }
        case .timestampOutOfRange:
            switch new {
            case .timestamp(let stamp)?:
                if stamp.isValid { fail("valid timestamp") }
            case .map(let map)?:
                guard case .integer(let seconds)? = map["seconds"], case .integer(let nanos)? = map["nanoseconds"] else { return ["\(fault): not a seconds/nanoseconds map"] }
                if Timestamp(seconds: seconds, nanoseconds: Int32(clamping: nanos)).isValid && nanos == Int64(Int32(clamping: nanos)) { fail("valid timestamp map") }
            default:
                fail("not a timestamp")
            }
        case .invalidGeoPoint:
            guard case .geoPoint(let point)? = new, !point.isValid else { return ["\(fault): valid point"] }
        case .invalidDictionaryKey:
            if lastKey.flatMap({ Int($0) }) != nil || new == nil || old != nil { fail("key reads as an Int or was there") }
        case .nonCanonicalDictionaryKey:
            guard let key = lastKey, let number = Int(key), String(number) != key, new != nil, old == nil else { return ["\(fault): not a new non-canonical Int key"] }
        case .duplicateSetElement:
            guard case .array(let elements)? = parent, case .index(let position)? = fault.path.components.last, position == elements.count - 1,
                  let type = type(at: fault.path.parent, in: schema), case .set(let elementType) = type.unwrapped else { return ["\(fault): not appended to a set"] }
            let values = elements.map { DocumentShape.swiftValue($0, elementType) }
            if !values.dropLast().contains(values.last ?? nil) { fail("no equal element") }
        case .danglingDictionaryKey:
            guard case .array(let elements)? = parent, elements.count % 2 == 1, case .index(let position)? = fault.path.components.last,
                  position == elements.count - 1 else { return ["\(fault): no odd flat array"] }
        case .unknownKey:
            guard let key = lastKey, old == nil, new != nil, let structType = type(at: fault.path.parent, in: schema),
                  case .structure(let name) = structType.unwrapped,
                  let structSchema = schema.structSchema(named: name) else { return ["\(fault): no new key in a struct map"] }
            if structSchema.fields.contains(where: { $0.codingKey?.utf8.elementsEqual(key.utf8) == true }) { fail("a coded key") }
        case .nestedArray:
            guard case .array? = new, case .array? = parent else { return ["\(fault): no array in an array"] }
        case .foreignTree:
            if !fault.path.isRoot { fail("not at the root") }
        }
        return problems
    }
}

@Suite("Mutator")
struct MutatorTests {
    /// Valid documents of the schema with every type.
    static let documents: [FirestoreMap] = {
        let generator = DocumentGenerator(schema: EveryTypeSchema.schema, profile: EveryTypeSchema.fullProfile)
        return (UInt64(0)..<300).map { seed in
            var source = ChoiceSource(seed: seed)
            return generator.generate(from: &source)
        }
    }()

    @Test("each fault class is produced, tagged with its kind and the right path", arguments: FaultClass.allCases)
    func everyClassTagged(faultClass: FaultClass) throws {
        let mutator = Mutator(schema: EveryTypeSchema.schema, profile: EveryTypeSchema.fullProfile)
        var produced = 0
        for (seed, document) in Self.documents.enumerated() {
            var source = ChoiceSource(seed: UInt64(seed) + 7)
            guard let mutated = mutator.inject(faultClass, into: MutatedDocument(document: document), from: &source) else { continue }
            produced += 1
            let fault = try #require(mutated.faults.first)
            #expect(mutated.faults.count == 1)
            #expect(fault.kind.faultClass == faultClass)
            #expect(mutated.document != document, "\(fault) changed nothing")
            let problems = FaultCheck.problems(fault, before: document, after: mutated.document, schema: EveryTypeSchema.schema)
            #expect(problems.isEmpty, "\(problems)")
        }
        #expect(produced > 250, "\(faultClass) injected only \(produced) times")
    }

    @Test("every kind of fault occurs, corruptions for every integer width included")
    func everyKindOccurs() {
        let mutator = Mutator(schema: EveryTypeSchema.schema, profile: EveryTypeSchema.fullProfile)
        var kinds = Set<String>()
        for (seed, document) in Self.documents.prefix(150).enumerated() {
            for faultClass in FaultClass.allCases {
                for round in UInt64(0)..<(faultClass == .corruptedData ? 5 : 1) {
                    var source = ChoiceSource(seed: UInt64(seed) * 31 + round)
                    for fault in mutator.inject(faultClass, into: MutatedDocument(document: document), from: &source)?.faults ?? [] {
                        kinds.insert(fault.kind.description)
                    }
                }
            }
        }
        var expected: Set<String> = [
            "missingKey", "nullValue", "nonFiniteFloat", "floatOutOfRange", "nonFiniteDecimal", "unknownEnumValue", "invalidURL", "invalidBase64",
            "invalidHexColor", "timestampOutOfRange", "invalidGeoPoint", "invalidDictionaryKey", "nonCanonicalDictionaryKey",
            "duplicateSetElement", "danglingDictionaryKey", "unknownKey", "nestedArray", "foreignTree",
        ]
        for width in IntegerType.allCases {
            expected.insert("fractionalNumber(\(width.rawValue))")
            expected.insert("integerOutOfRange(\(width.rawValue))")
        }
        #expect(expected.subtracting(kinds).isEmpty, "never produced: \(expected.subtracting(kinds).sorted())")
    }

    @Test("wrong types cover every pair of Firestore types, boolean↔integer and integer↔double included")
    func everyWrongTypePair() {
        let schema = ModelSchema(root: "Kinds", structs: [
            StructSchema(name: "Kinds", fields: [
                FieldSchema(name: "flag", type: .bool), FieldSchema(name: "count", type: .integer(.int)),
                FieldSchema(name: "amount", type: .double), FieldSchema(name: "when", type: .timestamp),
                FieldSchema(name: "text", type: .string), FieldSchema(name: "blob", type: .data),
                FieldSchema(name: "owner", type: .documentReference), FieldSchema(name: "place", type: .geoPoint),
                FieldSchema(name: "tags", type: .array(.string)), FieldSchema(name: "detail", type: .structure("Detail")),
                FieldSchema(name: "note", type: .optional(.string)),
            ]),
            StructSchema(name: "Detail", fields: [FieldSchema(name: "name", type: .string)]),
        ])
        var source = ChoiceSource(seed: 3)
        let kinds = DocumentGenerator(schema: schema)
        var document = kinds.generate(from: &source)
        document["note"] = .null
        let mutator = Mutator(schema: schema)
        var pairs = Set<String>()
        for seed in UInt64(0)..<3000 {
            var faults = ChoiceSource(seed: seed)
            for case .wrongType(let replaced, let with) in (mutator.inject(.wrongType, into: MutatedDocument(document: document), from: &faults)?.faults ?? []).map(\.kind) {
                pairs.insert("\(replaced.rawValue)→\(with.rawValue)")
            }
        }
        let sources = FirestoreValue.Kind.allCases.filter { $0 != .vector }
        let targets = FirestoreValue.Kind.allCases.filter { $0 != .null }
        var missing: [String] = []
        for from in sources {
            for to in targets where to != from && !pairs.contains("\(from.rawValue)→\(to.rawValue)") { missing.append("\(from.rawValue)→\(to.rawValue)") }
        }
        #expect(missing.isEmpty, "pairs never produced: \(missing)")
        #expect(pairs.contains("boolean→integer") && pairs.contains("integer→boolean"))
        #expect(pairs.contains("integer→double") && pairs.contains("double→integer"))
    }

    @Test("wrong-type replacements are made from the original where natural")
    func naturalReplacements() {
        let schema = ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [
            FieldSchema(name: "flag", type: .bool), FieldSchema(name: "stamp", type: .timestamp),
        ])])
        let mutator = Mutator(schema: schema, classWeights: FaultWeights(missingKey: 0, nullValue: 0, wrongType: 1, corruptedData: 0, unknownKey: 0, nestedArray: 0, foreignTree: 0))
        let document: FirestoreMap = ["flag": .boolean(true), "stamp": .timestamp(Timestamp(seconds: 5, nanoseconds: 7000))]
        var sawInteger = false, sawMap = false
        for seed in UInt64(0)..<300 {
            var source = ChoiceSource(seed: seed)
            guard let mutated = mutator.inject(.wrongType, into: MutatedDocument(document: document), from: &source) else { continue }
            if mutated.document["flag"] == .integer(1) { sawInteger = true }
            if mutated.document["stamp"] == .map(["seconds": .integer(5), "nanoseconds": .integer(7000)]) { sawMap = true }
        }
        #expect(sawInteger && sawMap)
    }

    @Test("mutate injects several faults that never overlap, each still true of the final document")
    func mutateKeepsEveryTagTrue() {
        for seed in UInt64(0)..<200 {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: .default).generate(from: &source)
            let document = DocumentGenerator(schema: schema).generate(from: &source)
            let mutator = Mutator(schema: schema, maxFaults: 4, averageFaults: 2.5)
            let mutated = mutator.mutate(document, from: &source)
            #expect(!mutated.faults.isEmpty)
            for (position, fault) in mutated.faults.enumerated() {
                for other in mutated.faults[(position + 1)...] {
                    #expect(!fault.path.isPrefix(of: other.path) && !other.path.isPrefix(of: fault.path), "\(fault) overlaps \(other)")
                }
                if fault.kind == .foreignTree {
                    #expect(mutated.faults.count == 1)
                    continue
                }
                let problems = FaultCheck.problems(fault, before: document, after: mutated.document, schema: schema)
                #expect(problems.isEmpty, "seed \(seed): \(problems)")
            }
        }
    }

    @Test("the same seed gives the same faults")
    func determinism() {
        let mutator = Mutator(schema: EveryTypeSchema.schema)
        for (seed, document) in Self.documents.prefix(40).enumerated() {
            var first = ChoiceSource(seed: UInt64(seed))
            var second = ChoiceSource(seed: UInt64(seed))
            #expect(mutator.mutate(document, from: &first) == mutator.mutate(document, from: &second))
        }
    }

    @Test("a class with no place in the document is not injected")
    func inapplicableClasses() {
        let schema = ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [FieldSchema(name: "note", type: .optional(.string))])])
        let mutator = Mutator(schema: schema)
        var source = ChoiceSource(seed: 1)
        let empty = MutatedDocument(document: FirestoreMap())
        #expect(mutator.inject(.nullValue, into: empty, from: &source) == nil)
        #expect(mutator.inject(.missingKey, into: empty, from: &source) == nil)
        #expect(mutator.inject(.corruptedData, into: empty, from: &source) == nil)
        #expect(mutator.inject(.nestedArray, into: empty, from: &source) == nil)
        #expect(mutator.inject(.wrongType, into: empty, from: &source) == nil)
        let unknown = mutator.inject(.unknownKey, into: empty, from: &source)
        #expect(unknown?.faults.map(\.kind) == [.unknownKey])
        let foreign = mutator.inject(.foreignTree, into: empty, from: &source)
        #expect(foreign?.faults.map(\.kind) == [.foreignTree] && foreign?.faults.first?.path == .root)
    }

    @Test("@DocumentID keys and fields left out of CodingKeys are never fault sites")
    func ignoredKeysAreNotSites() {
        let schema = ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "hidden", keyed: false, type: .integer(.int)),
        ])])
        let mutator = Mutator(schema: schema)
        let document: FirestoreMap = ["id": .string("junk")]
        for seed in UInt64(0)..<50 {
            var source = ChoiceSource(seed: seed)
            for faultClass in [FaultClass.missingKey, .nullValue, .wrongType, .corruptedData] {
                #expect(mutator.inject(faultClass, into: MutatedDocument(document: document), from: &source) == nil)
            }
            let unknown = mutator.inject(.unknownKey, into: MutatedDocument(document: document), from: &source)
            #expect(unknown?.faults.first.map { $0.path != ValuePath(keys: "id") } == true)
        }
    }

    @Test("foreign trees keep Firestore's limits and borrow some of the schema's keys")
    func foreignTrees() {
        var borrowed = 0
        for (seed, document) in Self.documents.prefix(150).enumerated() {
            var source = ChoiceSource(seed: UInt64(seed))
            guard let tree = Mutator(schema: EveryTypeSchema.schema).inject(.foreignTree, into: MutatedDocument(document: document), from: &source)?.document else {
                Issue.record("no foreign tree")
                continue
            }
            #expect(FirestoreLimits.violations(of: tree).isEmpty)
            if tree.keys.contains(where: { ["text", "flag", "small", "detail", "tags"].contains($0) }) { borrowed += 1 }
        }
        #expect(borrowed > 10)
    }
}
