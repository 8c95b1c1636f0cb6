import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Checks that a model value is a value of its schema type (written independently of the generator).
enum ModelShape {
    static func violations(of value: ModelValue, schema: ModelSchema) -> [String] {
        var problems: [String] = []
        check(value, .structure(schema.root), path: "", schema: schema, into: &problems)
        return problems
    }

    static func check(_ value: ModelValue, _ type: FieldType, path: String, schema: ModelSchema, into problems: inout [String]) {
        func fail(_ what: String) { problems.append("\(path): \(what), found \(value) for \(type)") }
        switch (type, value) {
        case (.optional, .null): break
        case (.optional(let inner), _): check(value, inner, path: path, schema: schema, into: &problems)
        case (.string, .string), (.bool, .bool), (.float, .float), (.double, .double), (.decimal, .decimal), (.date, .date),
             (.url, .url), (.data, .data), (.documentReference, .reference), (.hexColor, .color):
            break
        case (.integer(let integerType), .int(let number)):
            if !integerType.isSigned || number < integerType.minimum || number > Int64(integerType.maximum) { fail("out of range") }
        case (.integer(let integerType), .uint(let number)):
            if integerType.isSigned || number > integerType.maximum { fail("out of range") }
        case (.timestamp, .timestamp(let stamp)):
            if !stamp.isValid { fail("outside Firestore's range") }
        case (.geoPoint, .geoPoint(let point)):
            if !point.isValid { fail("invalid point") }
        case (.enumeration(let name), .enumCase(let caseName)):
            if schema.enumSchema(named: name)?.enumCase(named: caseName) == nil { fail("unknown case") }
        case (.structure(let name), .structure(let fields)):
            guard let structSchema = schema.structSchema(named: name) else { return fail("unknown struct") }
            guard fields.map(\.name) == structSchema.fields.map(\.name) else { return fail("fields not in declaration order") }
            for (field, fieldValue) in zip(structSchema.fields, fields) {
                check(fieldValue.value, field.type, path: "\(path).\(field.name)", schema: schema, into: &problems)
                if field.codingKey == nil, fieldValue.value != field.type.zeroValue {
                    problems.append("\(path).\(field.name): left out of CodingKeys but not its zero value")
                }
            }
        case (.array(let element), .array(let elements)):
            for (position, item) in elements.enumerated() { check(item, element, path: "\(path)[\(position)]", schema: schema, into: &problems) }
        case (.set(let element), .set(let elements)):
            var seen: [AnyHashable] = []
            for (position, item) in elements.enumerated() {
                check(item, element, path: "\(path)[\(position)]", schema: schema, into: &problems)
                let swiftValue: AnyHashable
                switch item {
                case .float(let number): if number.isNaN { fail("NaN in a set") }; swiftValue = number
                case .double(let number): if number.isNaN { fail("NaN in a set") }; swiftValue = number
                case .decimal(let number): if number.isNaN { fail("NaN in a set") }; swiftValue = number
                case .string(let text): swiftValue = text
                default: swiftValue = item
                }
                if seen.contains(swiftValue) { fail("elements Swift merges") }
                seen.append(swiftValue)
            }
        case (.dictionary(let keyType, let valueType), .dictionary(let entries)):
            var keys: [AnyHashable] = []
            for entry in entries {
                switch (keyType, entry.key) {
                case (.string, .string(let text)): keys.append(text)
                case (.int, .int(let number)): keys.append(number)
                case (.enumeration(let name), .enumCase):
                    check(entry.key, .enumeration(name), path: "\(path)[key]", schema: schema, into: &problems)
                    keys.append(entry.key)
                default: fail("key \(entry.key) of the wrong kind")
                }
                check(entry.value, valueType, path: "\(path)[\(entry.key)]", schema: schema, into: &problems)
            }
            if Set(keys).count != keys.count { fail("keys Swift merges") }
        default:
            fail("wrong kind of value")
        }
    }
}

@Suite("ModelValueGenerator")
struct GeneratorModelValueTests {
    @Test("values of random schemas are values of their types", arguments: GenerationProfile.presets)
    func valuesMatchTheirSchema(profile: GenerationProfile) {
        for seed in UInt64(0)..<150 {
            var source = ChoiceSource(seed: seed)
            let encodeCase = CaseGenerator(profile: profile).encodeCase(from: &source)
            let problems = ModelShape.violations(of: encodeCase.value, schema: encodeCase.schema)
            #expect(problems.isEmpty, "seed \(seed), \(profile.name): \(problems.prefix(5))")
        }
    }

    static let values: [ModelValue] = {
        let generator = ModelValueGenerator(schema: EveryTypeSchema.schema, profile: EveryTypeSchema.fullProfile)
        return (UInt64(0)..<600).map { seed in
            var source = ChoiceSource(seed: seed)
            return generator.generate(from: &source)
        }
    }()

    func fieldValues(_ name: String) -> [ModelValue] {
        Self.values.compactMap { value in
            guard case .structure(let fields) = value else { return nil }
            return fields.first { $0.name == name }?.value
        }
    }

    @Test("every-type values are valid and include the edges the encoder must handle")
    func edges() {
        for value in Self.values { #expect(ModelShape.violations(of: value, schema: EveryTypeSchema.schema).isEmpty) }
        #expect(fieldValues("huge").contains { if case .uint(let number) = $0 { return number > UInt64(Int64.max) } else { return false } })
        #expect(fieldValues("huge").contains(.uint(UInt64.max)))
        #expect(fieldValues("small").contains(.int(-128)) && fieldValues("small").contains(.int(127)))
        #expect(fieldValues("ratio").contains { if case .float(let number) = $0 { return number.isNaN } else { return false } })
        #expect(fieldValues("amount").contains(.double(.infinity)) && fieldValues("amount").contains(.double(-0.0)))
        #expect(fieldValues("when").contains(.date(Date.distantPast)))
        #expect(fieldValues("price").contains { if case .decimal(let number) = $0 { return number.isNaN } else { return false } })
        #expect(fieldValues("stamp").contains { if case .timestamp(let stamp) = $0 { return stamp.nanoseconds % 1000 != 0 } else { return false } })
        #expect(fieldValues("created").contains(.null) && fieldValues("id").contains(.null))
        #expect(fieldValues("hidden").allSatisfy { $0 == .null })
    }

    @Test("sets of floating-point values hold no NaN, even though NaN is an edge")
    func noNaNInSets() {
        for key in ["ratios", "amounts"] {
            for case .set(let elements) in fieldValues(key) {
                #expect(!elements.contains { element in
                    if case .float(let number) = element { return number.isNaN }
                    if case .double(let number) = element { return number.isNaN }
                    return false
                })
            }
        }
    }

    @Test("the same seed gives the same value")
    func determinism() {
        let generator = ModelValueGenerator(schema: EveryTypeSchema.schema, profile: .edges)
        for seed in UInt64(0)..<30 {
            var first = ChoiceSource(seed: seed)
            var second = ChoiceSource(seed: seed)
            #expect(generator.generate(from: &first) == generator.generate(from: &second))
            #expect(first.recorded == second.recorded)
        }
    }
}
