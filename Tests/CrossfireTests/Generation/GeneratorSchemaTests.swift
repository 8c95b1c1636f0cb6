import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

@Suite("SchemaGenerator")
struct GeneratorSchemaTests {
    static let seeds = UInt64(0)..<250

    @Test("every generated schema keeps every rule", arguments: GenerationProfile.presets)
    func schemasAreValid(profile: GenerationProfile) {
        for seed in Self.seeds {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: profile).generate(from: &source)
            let problems = SchemaRules.violations(of: schema, maxDepth: profile.effectiveMaxDepth)
            #expect(problems.isEmpty, "seed \(seed), profile \(profile.name): \(problems)")
            let disagreements = Self.validationErrorsBesideTwinKeys(schema)
            #expect(disagreements.isEmpty, "seed \(seed), profile \(profile.name): \(disagreements)")
        }
    }

    /// `ModelSchema.validationErrors()` without its one known disagreement with the rules
    /// here: it compares coding keys as Swift strings, so two keys that are canonically
    /// equivalent but differ in code points (`é` and `e\u{301}`), which Firestore and Swift's
    /// compiler both take as different, count as duplicates there. Such an error is dropped
    /// only when its struct really holds such a pair.
    static func validationErrorsBesideTwinKeys(_ schema: ModelSchema) -> [SchemaError] {
        schema.validationErrors().filter { error in
            guard error.message.hasPrefix("duplicate coding key") else { return true }
            return !schema.structs.contains { structSchema in
                error.location.contains("(\(structSchema.name).") && structSchema.fields.contains { one in
                    structSchema.fields.contains { other in
                        guard let first = one.codingKey, let second = other.codingKey else { return false }
                        return first == second && !first.utf8.elementsEqual(second.utf8)
                    }
                }
            }
        }
    }

    @Test("without canonical twin keys, generated schemas pass ModelSchema.validated()", arguments: GenerationProfile.presets)
    func validatedWithoutTwins(profile: GenerationProfile) throws {
        var strict = profile
        strict.canonicalTwinKeys = false
        for seed in UInt64(0)..<150 {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: strict).generate(from: &source)
            #expect(throws: Never.self, "seed \(seed), \(profile.name)") { try schema.validated() }
        }
    }

    @Test("generated schemas survive the schema JSON form and the Swift emitter", arguments: GenerationProfile.presets)
    func schemaJSONAndEmitter(profile: GenerationProfile) throws {
        for seed in UInt64(0)..<120 {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: profile).generate(from: &source)
            #expect(try ModelSchema(json: schema.jsonData()) == schema, "seed \(seed), \(profile.name)")
            if Self.validationErrorsBesideTwinKeys(schema).count == schema.validationErrors().count {
                #expect(throws: Never.self) { try SwiftEmitter(namespace: "Generated").emit(schema) }
            }
        }
    }

    @Test("the same seed gives the same schema and choices")
    func determinism() {
        for seed in UInt64(0)..<40 {
            var first = ChoiceSource(seed: seed)
            var second = ChoiceSource(seed: seed)
            let generator = SchemaGenerator(profile: .edges)
            #expect(generator.generate(from: &first) == generator.generate(from: &second))
            #expect(first.recorded == second.recorded)
        }
    }

    @Test("schemas use every kind of type, wrapper, key style and enum")
    func coverage() {
        var kinds = Set<String>()
        var wrappers = Set<PropertyWrapper>()
        var rawTypes = Set<String>()
        var renamed = 0, omitted = 0, styledNames = 0, twins = 0, oddKeys = 0, optionals = 0, reused = 0
        for seed in Self.seeds {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: .edges).generate(from: &source)
            var references: [String: Int] = [:]
            for enumSchema in schema.enums { rawTypes.insert(enumSchema.rawType.rawValue) }
            for structSchema in schema.structs {
                let keys = structSchema.fields.compactMap(\.codingKey)
                for (position, key) in keys.enumerated() where keys[..<position].contains(where: { $0 == key && !$0.utf8.elementsEqual(key.utf8) }) {
                    twins += 1
                }
                for field in structSchema.fields {
                    if let wrapper = field.wrapper { wrappers.insert(wrapper) }
                    if field.codingKey == nil { omitted += 1 } else if field.codingKey != field.name { renamed += 1 }
                    if field.name.contains("_") || field.name.contains(where: \.isUppercase) { styledNames += 1 }
                    if let key = field.codingKey, key.contains(where: { ". `".contains($0) }) { oddKeys += 1 }
                    if field.type.isOptional { optionals += 1 }
                    func visit(_ type: FieldType) {
                        switch type {
                        case .optional(let inner): visit(inner)
                        case .array(let inner): kinds.insert("array"); visit(inner)
                        case .set(let inner): kinds.insert("set"); visit(inner)
                        case .dictionary(let key, let value): kinds.insert("dictionary(\(key))".replacingOccurrences(of: #"\(.*\)"#, with: "", options: .regularExpression) + "\(key.fieldType.isEnumeration)"); visit(value)
                        case .structure(let name): kinds.insert("structure"); references[name, default: 0] += 1
                        case .enumeration: kinds.insert("enumeration")
                        case .integer(let width): kinds.insert(width.rawValue)
                        default: kinds.insert("\(type)")
                        }
                    }
                    visit(field.type)
                }
            }
            reused += references.values.filter { $0 > 1 }.count
        }
        let scalars: Set<String> = ["String", "Bool", "Float", "Double", "Decimal", "Date", "URL", "Data", "Timestamp", "GeoPoint", "DocumentReference", "Color"]
        #expect(scalars.isSubset(of: kinds), "missing: \(scalars.subtracting(kinds))")
        #expect(Set(IntegerType.allCases.map(\.rawValue)).isSubset(of: kinds))
        #expect(["array", "set", "structure", "enumeration", "dictionarytrue", "dictionaryfalse"].allSatisfy(kinds.contains), "\(kinds)")
        #expect(wrappers == Set(PropertyWrapper.allCases))
        #expect(rawTypes == ["String", "Int", "none"])
        #expect(renamed > 100 && omitted > 10 && styledNames > 20 && twins > 0 && oddKeys > 5 && optionals > 50 && reused > 0,
                "renamed \(renamed) omitted \(omitted) styled \(styledNames) twins \(twins) odd \(oddKeys) optionals \(optionals) reused \(reused)")
    }

    @Test("the deep profile reaches Firestore's depth of 20 and never passes it")
    func deepProfile() {
        var deepest = 0
        var atLimit = 0
        for seed in Self.seeds {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: .deep).generate(from: &source)
            #expect(SchemaRules.violations(of: schema, maxDepth: 20).isEmpty)
            var documents = ChoiceSource(seed: seed)
            let document = DocumentGenerator(schema: schema, profile: .deep).generate(from: &documents)
            let depth = FirestoreLimits.depth(of: document)
            deepest = max(deepest, depth)
            if depth == 20 { atLimit += 1 }
        }
        #expect(deepest == 20)
        #expect(atLimit > 50, "only \(atLimit) of \(Self.seeds.count) documents reach level 20")
    }

    @Test("the scalars profile makes top-level scalar and enum fields only")
    func scalarsProfile() {
        for seed in Self.seeds {
            var source = ChoiceSource(seed: seed)
            let schema = SchemaGenerator(profile: .scalars).generate(from: &source)
            #expect(schema.structs.count == 1)
            for field in schema.structs[0].fields {
                switch field.type.unwrapped {
                case .array, .set, .dictionary, .structure: Issue.record("container \(field.type) in \(field.name), seed \(seed)")
                case .enumeration(let name): #expect(schema.enumSchema(named: name)?.rawType != EnumSchema.RawType.none)
                default: break
                }
            }
        }
    }

    @Test("profiles round-trip through JSON; missing keys take the defaults")
    func profileJSON() throws {
        for profile in GenerationProfile.presets {
            let data = try JSONEncoder().encode(profile)
            #expect(try JSONDecoder().decode(GenerationProfile.self, from: data) == profile)
            try profile.validate()
        }
        let partial = try JSONDecoder().decode(GenerationProfile.self, from: Data(#"{"name": "mine", "maxDepth": 3}"#.utf8))
        var expected = GenerationProfile.default
        expected.name = "mine"
        expected.maxDepth = 3
        #expect(partial == expected)
    }

    @Test("an unknown profile key is an error naming the key")
    func unknownProfileKey() {
        do {
            _ = try JSONDecoder().decode(GenerationProfile.self, from: Data(#"{"maxDepht": 3}"#.utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["maxDepht"])
            #expect(context.debugDescription.hasPrefix("Unknown profile key \"maxDepht\""))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("presets are found by name; an unknown name and a bad knob are errors that say which")
    func profileNamesAndValidation() throws {
        #expect(try GenerationProfile.named("deep") == .deep)
        #expect(GenerationProfile.presets.map(\.name) == ["default", "deep", "wide", "scalars", "edges"])
        #expect(throws: ProfileError(profile: "nope", key: "name", reason: "is not a preset; presets: default, deep, wide, scalars, edges, salada-user")) {
            try GenerationProfile.named("nope")
        }
        var bad = GenerationProfile.default
        bad.renameProbability = 1.5
        #expect(throws: ProfileError(profile: "default", key: "renameProbability", reason: "must be a probability in 0...1, is 1.5")) {
            try bad.validate()
        }
        var noScalars = GenerationProfile.default
        noScalars.typeWeights = TypeWeights(bool: 0, integer: 0, string: 0, double: 0, float: 0, decimal: 0, date: 0, timestamp: 0, url: 0, data: 0, geoPoint: 0, documentReference: 0, hexColor: 0, enumeration: 1, array: 1, set: 0, dictionary: 0, structure: 1)
        #expect(throws: ProfileError(profile: "default", key: "typeWeights", reason: "at least one scalar kind needs a positive weight")) {
            try noScalars.validate()
        }
    }
}

extension FieldType {
    /// Whether the type is an enum (for the coverage count of enum-keyed dictionaries).
    var isEnumeration: Bool {
        if case .enumeration = self { return true }
        return false
    }
}
