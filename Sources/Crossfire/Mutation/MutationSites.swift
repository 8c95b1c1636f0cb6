import FirestoreModel
import ModelSchema

/// The places of a document where the mutator can inject faults, found by walking the
/// document with its schema. Only the parts that still have the schema's shape are
/// walked; `@DocumentID` keys (whose values every mapper ignores) are left out.
struct MutationSites {
    /// A value and the type the schema gives it.
    struct Value {
        let path: ValuePath
        let type: FieldType
        let value: FirestoreValue
        /// Whether the value is an element of an array (so it must not become an array).
        let insideArray: Bool
        /// The kind of container the value sits in.
        let container: LeafContainer
        /// The hand-written coding the value is coded with: its property's, or the list's it
        /// is an element of (`ModelSchema.handCoding(at:)`).
        var coding: FieldCoding?
    }

    /// A struct's map.
    struct Structure {
        let path: ValuePath
        let schema: StructSchema
        let map: FirestoreMap
    }

    /// A collection stored as an array or a map, with what its elements are.
    struct Collection {
        enum Shape {
            case set(element: FieldType)
            case intDictionary(value: FieldType)
            case enumDictionary(key: String, value: FieldType)
        }

        let path: ValuePath
        let shape: Shape
        let value: FirestoreValue
    }

    private(set) var values: [Value] = []
    private(set) var structures: [Structure] = []
    private(set) var collections: [Collection] = []

    /// The sites of a document of the schema.
    init(document: FirestoreMap, index: SchemaIndex) {
        guard let root = index.rootStruct else { return }
        walkStruct(document, schema: root, path: .root, index: index)
    }

    private mutating func walkStruct(_ map: FirestoreMap, schema: StructSchema, path: ValuePath, index: SchemaIndex) {
        structures.append(Structure(path: path, schema: schema, map: map))
        for field in schema.fields where field.wrapper != .documentID {
            guard let key = field.codingKey, let value = map[key] else { continue }
            walk(value, type: field.type, path: path.appending(key: key), insideArray: false, container: .structField, index: index, coding: field.coding)
        }
    }

    private mutating func walk(_ value: FirestoreValue, type: FieldType, path: ValuePath, insideArray: Bool, container: LeafContainer,
                               index: SchemaIndex, coding: FieldCoding? = nil) {
        values.append(Value(path: path, type: type, value: value, insideArray: insideArray, container: container, coding: coding))
        switch (type.unwrapped, value) {
        case (.structure(let name), .map(let map)):
            if let schema = index.structSchema(named: name) { walkStruct(map, schema: schema, path: path, index: index) }
        case (.array(let element), .array(let elements)):
            let elementCoding: FieldCoding? = coding == .elementwise ? .elementwise : nil
            for (position, item) in elements.enumerated() {
                walk(item, type: element, path: path.appending(index: position), insideArray: true, container: .arrayElement, index: index,
                     coding: elementCoding)
            }
        case (.set(let element), .array(let elements)):
            collections.append(Collection(path: path, shape: .set(element: element), value: value))
            for (position, item) in elements.enumerated() {
                walk(item, type: element, path: path.appending(index: position), insideArray: true, container: .setElement, index: index)
            }
        case (.dictionary(.enumeration(let name), let valueType), .array(let elements)):
            collections.append(Collection(path: path, shape: .enumDictionary(key: name, value: valueType), value: value))
            for (position, item) in elements.enumerated() {
                let itemType = position % 2 == 0 ? FieldType.enumeration(name) : valueType
                walk(item, type: itemType, path: path.appending(index: position), insideArray: true,
                     container: position % 2 == 0 ? .enumKeyedKey : .enumKeyedValue, index: index)
            }
        case (.dictionary(let keyType, let valueType), .map(let map)):
            if keyType == .int {
                collections.append(Collection(path: path, shape: .intDictionary(value: valueType), value: value))
            }
            for (key, item) in map {
                walk(item, type: valueType, path: path.appending(key: key), insideArray: false,
                     container: keyType == .int ? .intKeyedValue : .stringKeyedValue, index: index)
            }
        default:
            break
        }
    }
}

extension FirestoreMap {
    /// The map with the value at `path` (relative to the map) replaced, or removed when
    /// `newValue` is nil (only map keys can be removed; a removed array element becomes
    /// null). A path through something that is not a map or array changes nothing.
    func replacing(at path: ArraySlice<ValuePath.Component>, with newValue: FirestoreValue?) -> FirestoreMap {
        guard case .key(let key)? = path.first else { return self }
        var copy = self
        let rest = path.dropFirst()
        if rest.isEmpty {
            copy[key] = newValue
        } else if let child = self[key] {
            copy[key] = child.replacing(at: rest, with: newValue)
        }
        return copy
    }
}

extension FirestoreValue {
    /// The value with the value at `path` (relative to it) replaced; see `FirestoreMap.replacing`.
    func replacing(at path: ArraySlice<ValuePath.Component>, with newValue: FirestoreValue?) -> FirestoreValue {
        switch (self, path.first) {
        case (.map(let map), .key?):
            return .map(map.replacing(at: path, with: newValue))
        case (.array(var elements), .index(let position)?) where elements.indices.contains(position):
            let rest = path.dropFirst()
            elements[position] = rest.isEmpty ? (newValue ?? .null) : elements[position].replacing(at: rest, with: newValue)
            return .array(elements)
        default:
            return self
        }
    }
}
