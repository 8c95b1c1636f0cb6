import FirestoreModel
import Foundation
import ModelSchema

extension ModelSchema {
    /// The stored value at a coding path of a document of this schema: like
    /// `FirestoreMap.value(at:)`, but read with the schema's types — a key step into an
    /// enum-keyed dictionary's flat array finds the entry stored under that key, a key step
    /// into an `[Int: V]` finds the entry whose key reads as that number (`007` for `7`), and an
    /// index step into a set — whose elements each side numbers in its own order — takes the
    /// element most like `near` (what the leaf holds on the side that named the path), when it
    /// is given. Nil when nothing is there.
    package func storedValue(at path: ValuePath, in document: FirestoreMap, near: ModelValue? = nil) -> FirestoreValue? {
        lookup(.map(document), type: .structure(root), path.components[...], near: near)
    }

    private func lookup(_ value: FirestoreValue, type: FieldType?, _ rest: ArraySlice<ValuePath.Component>, near: ModelValue?) -> FirestoreValue? {
        guard let component = rest.first else { return value }
        let remaining = rest.dropFirst()
        let step = type.flatMap { Self.childType(of: $0.unwrapped, component, schema: self) }
        switch (value, component, type?.unwrapped) {
        case (.array(let elements), .index(let index), .set?) where near != nil && elements.count > 1:
            let candidates = elements.compactMap { lookup($0, type: step, remaining, near: near) }
            guard let near, !candidates.isEmpty else { return nil }
            return candidates.max { StoredAffinity.score($0, near) < StoredAffinity.score($1, near) }
                ?? (elements.indices.contains(index) ? lookup(elements[index], type: step, remaining, near: near) : nil)
        case (.array(let elements), .index(let index), _) where elements.indices.contains(index):
            return lookup(elements[index], type: step, remaining, near: near)
        case (.array(let flat), .key(let key), .dictionary(.enumeration(let enumName), _)?):
            let enumSchema = enumSchema(named: enumName)
            guard let position = stride(from: 0, to: flat.count - 1, by: 2).first(where: {
                StoredDiff.keyText(flat[$0], enumSchema: enumSchema) == key
            }) else { return nil }
            return lookup(flat[position + 1], type: step, remaining, near: near)
        case (.map(let map), .key(let key), .dictionary(.int, _)?):
            if let child = map[key] { return lookup(child, type: step, remaining, near: near) }
            guard let number = Int64(key), let match = map.first(where: { Int64($0.key) == number }) else { return nil }
            return lookup(match.value, type: step, remaining, near: near)
        case (.map(let map), .key(let key), _):
            return map[key].flatMap { lookup($0, type: step, remaining, near: near) }
        default:
            return nil
        }
    }

    private static func childType(of type: FieldType, _ component: ValuePath.Component, schema: ModelSchema) -> FieldType? {
        switch (type, component) {
        case let (.structure(name), .key(key)):
            return schema.structSchema(named: name)?.fields.first { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false }?.type
        case let (.array(element), .index), let (.set(element), .index):
            return element
        case let (.dictionary(.enumeration(name), value), .index(index)):
            return index % 2 == 0 ? .enumeration(name) : value
        case let (.dictionary(_, value), .key):
            return value
        default:
            return nil
        }
    }

    /// The part of a model value at a coding path (struct fields by coding key, or — when no
    /// field has that key — by name for a field left out of `CodingKeys`; elements by index; dictionary entries by stored key,
    /// or by index into their flat array). An index step into a set — whose elements a stored
    /// document numbers in its own order — takes the element whose part is most like `near`
    /// (what a stored document holds at the path), when it is given. Nil when nothing is there.
    package func modelValue(at path: ValuePath, in value: ModelValue, near: FirestoreValue? = nil) -> ModelValue? {
        modelLookup(value, type: .structure(root), path.components[...], near: near)
    }

    private func modelLookup(_ value: ModelValue, type: FieldType, _ rest: ArraySlice<ValuePath.Component>, near: FirestoreValue?) -> ModelValue? {
        guard let component = rest.first else { return value }
        let remaining = rest.dropFirst()
        switch (value, type.unwrapped, component) {
        case (.null, _, _):
            return nil
        case let (.structure(fields), .structure(name), .key(key)):
            // A coded field first: a field left out of CodingKeys may bear a sibling's key as its name.
            guard let structSchema = structSchema(named: name),
                  let position = structSchema.fields.firstIndex(where: { $0.codingKey?.utf8.elementsEqual(key.utf8) ?? false })
                    ?? structSchema.fields.firstIndex(where: { $0.codingKey == nil && $0.name.utf8.elementsEqual(key.utf8) }),
                  fields.indices.contains(position) else { return nil }
            return modelLookup(fields[position].value, type: structSchema.fields[position].type, remaining, near: near)
        case let (.set(values), .set(element), .index) where near != nil && values.count > 1:
            guard let near else { return nil }
            let candidates = values.compactMap { modelLookup($0, type: element, remaining, near: near) }
            return candidates.max { StoredAffinity.score(near, $0) < StoredAffinity.score(near, $1) }
        case let (.array(values), .array(element), .index(index)), let (.set(values), .set(element), .index(index)):
            guard values.indices.contains(index) else { return nil }
            return modelLookup(values[index], type: element, remaining, near: near)
        case let (.dictionary(entries), .dictionary(keyType, valueType), .key(key)):
            let number = Int64(key)
            guard let entry = entries.first(where: { entry in
                let text = storedKeyText(entry.key, keyType: keyType)
                return text == key || (keyType == .int && number != nil && Int64(text) == number)
            }) else { return nil }
            return modelLookup(entry.value, type: valueType, remaining, near: near)
        case let (.dictionary(entries), .dictionary(keyType, valueType), .index(index)):
            guard entries.indices.contains(index / 2) else { return nil }
            return index % 2 == 0 ? modelLookup(entries[index / 2].key, type: keyType.fieldType, remaining, near: near)
                : modelLookup(entries[index / 2].value, type: valueType, remaining, near: near)
        default:
            return nil
        }
    }
}

/// How well a stored value matches a model value, for telling which element of a stored set a
/// model value's element came from (higher is better): the Firestore kind a value of that case
/// is stored as counts most, then how close numbers and times are (times by the seconds between
/// them) and how alike strings are.
enum StoredAffinity {
    static func score(_ stored: FirestoreValue, _ model: ModelValue) -> Int {
        switch (stored, model) {
        case (.null, .null):
            return 100
        case (.integer(let number), _) where model.magnitude != nil:
            return 50 + closeness(Double(number), model.magnitude)
        case (.double(let number), _) where model.magnitude != nil:
            return 40 + closeness(number, model.magnitude)
        case (.boolean(let flag), .int(let number)):
            return 30 + ((number != 0) == flag ? 10 : 0)
        case (.boolean(let flag), .bool(let value)):
            return 50 + (flag == value ? 50 : 0)
        case (.timestamp(let stamp), _) where TimeDistance.seconds(stamp, model) != nil:
            return 50 + TimeDistance.closeness(TimeDistance.seconds(stamp, model) ?? .infinity)
        case (.string(let text), .string(let value)):
            return 50 + min(40, zip(text.unicodeScalars, value.unicodeScalars).prefix { $0 == $1 }.count)
        case (.string(let text), .url(let url)):
            return 50 + (text == url.absoluteString ? 40 : 0)
        case (.string, .enumCase), (.integer, .enumCase), (.map, .enumCase), (.string, .color):
            return 50
        case (.bytes(let bytes), .data(let data)):
            return 50 + (bytes == data ? 40 : 0)
        case (.map(let map), .structure(let fields)):
            return 50 + min(40, fields.count { map[$0.name] != nil })
        case (.array, .array), (.array, .set), (.array, .dictionary), (.map, .dictionary), (.geoPoint, .geoPoint), (.reference, .reference):
            return 50
        default:
            return 0
        }
    }

    /// 0 to 40: how many decimal digits two numbers share, about.
    private static func closeness(_ a: Double, _ b: Double?) -> Int {
        guard let b else { return 0 }
        if a == b { return 40 }
        let relative = abs(a - b) / max(abs(a), abs(b), .leastNormalMagnitude)
        guard relative.isFinite, relative > 0 else { return 0 }
        return Int(min(39, max(0, -log10(relative) * 2)))
    }
}
