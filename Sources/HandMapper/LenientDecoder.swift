import FirestoreModel
import Foundation
import ModelSchema

/// One lenient decode: the `data["k"] as? T ?? default` idiom of older apps, walked along
/// the schema. Each value is taken if Apple's `as?` bridging would give it (`BridgingCasts`);
/// otherwise the position takes the zero value of its type (nil for optionals) and the
/// substitution is recorded. Nothing throws.
///
/// Positions are independent, as in `(data["tags"] as? [Any] ?? []).map { … ?? default }`:
/// a bad element defaults alone, not its whole array.
struct LenientDecoder {
    let plan: SchemaPlan
    /// What `@DocumentID` properties are filled from.
    let reference: DocumentReference?
    private var path = PathStack()
    /// Every substitution so far, in document order.
    private(set) var defaults: [SilentDefault] = []

    init(plan: SchemaPlan, reference: DocumentReference?) {
        self.plan = plan
        self.reference = reference
    }

    /// The root struct of a document.
    mutating func decodeRoot(_ data: [String: Any]) -> ModelValue {
        guard let root = plan.rootIndex else {
            return substitute(.invalidValue, found: FoundDescription.of(.map(data)), with: .null)
        }
        return decodeStruct(root, data)
    }

    // MARK: Structs and their properties

    private mutating func decodeStruct(_ index: Int, _ map: [String: Any]) -> ModelValue {
        let fields = plan.structs[index].fields
        var values: [ModelField] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            values.append(ModelField(name: field.name, value: decodeField(field, in: map)))
        }
        return .structure(values)
    }

    private mutating func decodeField(_ field: FieldPlan, in map: [String: Any]) -> ModelValue {
        guard let key = field.key else { return field.zero }
        path.push(.key(key))
        defer { path.pop() }
        switch field.wrapper {
        case .documentID?:
            guard let reference else { return substitute(.invalidValue, found: "no document reference", with: field.zero) }
            switch field.type.unwrapped {
            case .string: return .string(reference.documentID)
            case .documentReference: return .reference(reference)
            default: return substitute(.invalidValue, found: "a reference (\(reference.path))", with: field.zero)
            }
        case .serverTimestamp?, .explicitNull?, nil:
            guard let raw = map[key] else {
                // Absent is nil for a plain optional; the wrappers' strict decoding requires the key.
                if field.wrapper == nil, case .optional = field.type { return .null }
                return substitute(.keyNotFound, found: FoundDescription.nothing, with: field.zero)
            }
            let input = DocumentInput(raw)
            if field.wrapper != nil, case .null = input { return .null }
            return decode(input, as: field.type, otherwise: field.zero)
        }
    }

    // MARK: Values

    /// A present value as the given type, or `fallback` (the type's zero value when nil)
    /// with a record of why.
    private mutating func decode(_ input: DocumentInput, as type: TypePlan, otherwise fallback: ModelValue? = nil) -> ModelValue {
        switch type {
        case .string:
            if case .string(let string) = input { return .string(string) }
        case .bool:
            if let flag = BridgingCasts.bool(input) { return .bool(flag) }
        case .integer(let width):
            if let value = BridgingCasts.integer(input, width) { return value }
        case .float:
            if let value = BridgingCasts.float(input) { return .float(value) }
        case .double:
            if let value = BridgingCasts.double(input) { return .double(value) }
        case .decimal:
            if let value = BridgingCasts.decimal(input) { return .decimal(value) }
        case .date:
            // `as? Date` fails on a Timestamp; the idiom calls `.dateValue()` on it.
            if case .timestamp(let timestamp) = input { return .date(timestamp.dateValue()) }
        case .timestamp:
            if case .timestamp(let timestamp) = input { return .timestamp(timestamp) }
        case .geoPoint:
            if case .geoPoint(let point) = input { return .geoPoint(point) }
        case .documentReference:
            if case .reference(let reference) = input { return .reference(reference) }
        case .data:
            if case .bytes(let data) = input { return .data(data) }
        case .url:
            if case .string(let string) = input {
                if let url = URL(string: string) { return .url(url) }
                return substitute(.dataCorrupted, found: FoundDescription.of(input), with: fallback ?? plan.zero(of: type))
            }
        case .hexColor:
            if case .string(let string) = input {
                if let color = HexColor.parse(string) { return .color(color) }
                return substitute(.dataCorrupted, found: FoundDescription.of(input), with: fallback ?? plan.zero(of: type))
            }
        case .enumeration(let index):
            if let value = decodeEnum(input, plan.enums[index], otherwise: fallback ?? plan.zero(of: type)) { return value }
        case .structure(let index):
            if case .map(let map) = input { return decodeStruct(index, map) }
        case .optional(let inner):
            if case .null = input { return .null }
            return decode(input, as: inner, otherwise: fallback ?? .null)
        case .array(let element):
            if case .array(let array) = input { return .array(decodeElements(array, element)) }
        case .set(let element):
            if case .array(let array) = input { return .set(SwiftEquality.distinct(decodeElements(array, element))) }
        case .stringDictionary(let value):
            if case .map(let map) = input { return decodeStringDictionary(map, value) }
        case .intDictionary(let value):
            if case .map(let map) = input { return decodeIntDictionary(map, value) }
        case .enumDictionary(let key, let value):
            if case .array(let array) = input { return decodeEnumDictionary(array, key: key, value: value) }
        case .undefined:
            return substitute(.invalidValue, found: FoundDescription.of(input), with: fallback ?? .null)
        }
        return substitute(mismatchKind(input, type), found: FoundDescription.of(input), with: fallback ?? plan.zero(of: type))
    }

    /// Nil when the cast failed for a reason `decode` reports as a mismatch.
    private mutating func decodeEnum(_ input: DocumentInput, _ enumPlan: EnumPlan, otherwise fallback: ModelValue) -> ModelValue? {
        switch enumPlan.rawType {
        case .string:
            guard case .string(let raw) = input else { return nil }
            if let index = enumPlan.caseByStringRaw[raw] { return .enumCase(enumPlan.caseNames[index]) }
        case .int:
            guard case .int(let raw)? = BridgingCasts.integer(input, .int) else { return nil }
            if let index = enumPlan.caseByIntRaw[raw] { return .enumCase(enumPlan.caseNames[index]) }
        case .none:
            guard case .map(let map) = input else { return nil }
            var match: Int?
            var matches = 0
            for (key, payload) in map {
                guard let index = enumPlan.caseByName[key] else { continue }
                matches += 1
                match = payload is [String: Any] ? index : nil
            }
            guard matches == 1, let match else { return nil }
            return .enumCase(enumPlan.caseNames[match])
        }
        // The cast worked but `E(rawValue:)` gave nil.
        return substitute(.dataCorrupted, found: FoundDescription.of(input), with: fallback)
    }

    /// The kind strict decoding reports for a value the cast refused.
    private func mismatchKind(_ input: DocumentInput, _ type: TypePlan) -> MappingErrorKind {
        switch (input, type) {
        case (_, .documentReference): return .invalidValue
        case (.null, _): return .valueNotFound
        case (.number, .integer), (.number, .float), (.number, .double), (.number, .decimal), (.number, .enumeration): return .dataCorrupted
        default: return .typeMismatch
        }
    }

    // MARK: Collections

    private mutating func decodeElements(_ array: [Any], _ element: TypePlan) -> [ModelValue] {
        var values: [ModelValue] = []
        values.reserveCapacity(array.count)
        for (index, raw) in array.enumerated() {
            path.push(.index(index))
            values.append(decode(DocumentInput(raw), as: element))
            path.pop()
        }
        return values
    }

    private mutating func decodeStringDictionary(_ map: [String: Any], _ value: TypePlan) -> ModelValue {
        var entries: [ModelDictionaryEntry] = []
        entries.reserveCapacity(map.count)
        for (key, raw) in map {
            path.push(.key(key))
            entries.append(ModelDictionaryEntry(key: .string(key), value: decode(DocumentInput(raw), as: value)))
            path.pop()
        }
        return .dictionary(entries)
    }

    /// `[Int: V]`: a key that is not a decimal integer becomes `Int(key) ?? 0`.
    private mutating func decodeIntDictionary(_ map: [String: Any], _ value: TypePlan) -> ModelValue {
        var entries = DictionaryEntries(capacity: map.count)
        for (key, raw) in map {
            path.push(.key(key))
            let number: Int64
            if let parsed = Int(key) {
                number = Int64(parsed)
            } else {
                _ = substitute(.typeMismatch, found: FoundDescription.key(key), with: .int(0))
                number = 0
            }
            entries.set(decode(DocumentInput(raw), as: value), for: .int(number))
            path.pop()
        }
        return .dictionary(entries.entries)
    }

    /// `[E: V]` from a flat array; a dangling last key is left out (recorded with `.null`).
    private mutating func decodeEnumDictionary(_ array: [Any], key: Int, value: TypePlan) -> ModelValue {
        var entries = DictionaryEntries(capacity: array.count / 2)
        var position = 0
        while position + 1 < array.count {
            path.push(.index(position))
            let decodedKey = decode(DocumentInput(array[position]), as: .enumeration(key))
            path.pop()
            path.push(.index(position + 1))
            let decodedValue = decode(DocumentInput(array[position + 1]), as: value)
            path.pop()
            entries.set(decodedValue, for: decodedKey)
            position += 2
        }
        if position < array.count {
            path.push(.index(position))
            _ = substitute(.dataCorrupted, found: FoundDescription.of(DocumentInput(array[position])), with: .null)
            path.pop()
        }
        return .dictionary(entries.entries)
    }

    // MARK: Records

    /// Records a substitution at the current path and returns the substituted value.
    private mutating func substitute(_ kind: MappingErrorKind, found: String, with value: ModelValue) -> ModelValue {
        defaults.append(SilentDefault(path: path.current, kind: kind, found: found, substituted: value))
        return value
    }
}
