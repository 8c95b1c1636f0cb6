import CJansson
import FirestoreModel

/// The plain-JSON encoding of values, placed into a jansson tree (see `PlainJSONWriter`).
extension WriteCursor {
    /// Places `value` at `depth`. The caller has entered its step.
    mutating func placePlainValue(_ value: FirestoreValue, in slot: Slot, depth: Int) throws(FirestoreJSONError) {
        switch value {
        case .null:
            try place(JanssonMake.null(), in: slot)
        case .boolean(let flag):
            try place(JanssonMake.bool(flag), in: slot)
        case .integer(let number):
            try place(JanssonMake.integer(number), in: slot)
        case .double(let number) where number.isFinite:
            try placeReal(number, in: slot)
        case .string(let text):
            try place(JanssonMake.string(text), in: slot)
        case .double, .timestamp, .bytes, .reference, .geoPoint:
            try placeRESTValue(value, in: slot, depth: depth)
        case .array(let elements):
            try checkDepth(depth)
            let array = try place(JanssonMake.array(), in: slot)
            for (index, element) in elements.enumerated() {
                enterData(.index(index))
                defer { leave() }
                try placePlainValue(element, in: .element(array), depth: depth + 1)
            }
        case .map(let map):
            try checkDepth(depth)
            let object = try place(JanssonMake.object(), in: slot)
            try placePlainMembers(map, into: object, depth: depth + 1)
        case .vector(let vector):
            let shape: FirestoreMap = [
                VectorShape.typeKey: .string(VectorShape.typeName),
                VectorShape.valueKey: .array(vector.array.map(FirestoreValue.double)),
            ]
            try placePlainValue(.map(shape), in: slot, depth: depth)
        }
    }

    /// Places the members of a map whose values are at `depth`.
    mutating func placePlainMembers(_ map: FirestoreMap, into object: UnsafeMutablePointer<json_t>, depth: Int) throws(FirestoreJSONError) {
        for (key, value) in map {
            enterData(.key(key))
            defer { leave() }
            try placePlainValue(value, in: .member(object, key), depth: depth)
        }
    }
}
