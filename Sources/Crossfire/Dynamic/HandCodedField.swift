import FirestoreCodable
import FirestoreModel
import ModelSchema

/// The codecs of properties their struct codes by hand (`FieldCoding`): the container calls
/// of the `init(from:)` and `encode(to:)` that `SwiftEmitter` writes for them
/// (`SwiftEmitter+HandCoding.swift`), call for call, so that `DynamicModel` meets the coders as
/// the compiled struct does. Where the coders' coding path parts from the model (inside a
/// nested container), each codec opens a frame of `CodingPlaces`, so that a failure is also
/// known by its place in the model.
enum HandCodedField {
    /// The codec of a property of `type` with `coding` under the key `codingKey`.
    static func codec(_ coding: FieldCoding, type: FieldType, codingKey: String) throws -> (FieldCodec.Decode, FieldCodec.Encode) {
        let unsupported = DynamicModelError(path: .root, message: "\"coding\": \"\(coding.rawValue)\" cannot code \(type)")
        switch (coding, type) {
        case (.elementwise, .array(let element)):
            return try elementwise(element, optional: false)
        case (.elementwise, .optional(.array(let element))):
            return try elementwise(element, optional: true)
        case (.nested, .structure), (.nested, .optional(.structure)):
            return nested(optional: type.isOptional)
        case (.superCoder, .structure):
            return superCoder(usesSuperKey: codingKey == "super")
        case (.singleValue, _):
            guard let codec = openConcreteScalar(type.unwrapped, SingleValueCoding(optional: type.isOptional)) else { throw unsupported }
            return codec
        case (.twoEncodings, _):
            guard let codec = openTextEncodable(type.unwrapped, TwoEncodingsCoding(optional: type.isOptional)) else { throw unsupported }
            return codec
        default:
            throw unsupported
        }
    }

    // MARK: Element by element

    private static func elementwise(_ element: FieldType, optional: Bool) throws -> (FieldCodec.Decode, FieldCodec.Encode) {
        let coding = try ElementCoding(element)
        let decode: FieldCodec.Decode = { container, key, context in
            if optional, try !container.contains(key) || container.decodeNil(forKey: key) { return .null }
            let places = context.places
            let owner = places.structFrame
            let field = owner.logical.appending(key: key.stringValue)
            var list: any UnkeyedDecodingContainer
            do {
                list = try container.nestedUnkeyedContainer(forKey: key)
            } catch {
                places.locate(at: field)
                throw error
            }
            let frame = CodingPlaces.Frame(logical: field, coding: owner.coding)
            return try places.within(frame) {
                var values: [ModelValue] = []
                while !list.isAtEnd { values.append(try coding.read(&list, context, frame)) }
                return .array(values)
            }
        }
        let encode: FieldCodec.Encode = { container, key, value, frame, context, path in
            if optional, value == .null { return }
            guard case .array(let elements) = value else {
                throw DynamicModelError(path: path, message: "expected an array, found \(value)")
            }
            let owner = context.places.structFrame
            let listFrame = CodingPlaces.Frame(logical: owner.logical.appending(key: key.stringValue), coding: owner.coding)
            var list = container.nestedUnkeyedContainer(forKey: key)
            try context.places.within(listFrame) {
                for (index, element) in elements.enumerated() {
                    try coding.write(&list, element, frame, context, path.appending(index: index), listFrame)
                }
            }
        }
        return (decode, encode)
    }

    /// How one element of an `elementwise` list is read and written; `CodingPlaces.Frame` is
    /// the list's: where it is, and the coder's coding path for its elements.
    private struct ElementCoding {
        typealias Read = (inout any UnkeyedDecodingContainer, DynamicDecodingContext, CodingPlaces.Frame) throws -> ModelValue
        typealias Write = (inout any UnkeyedEncodingContainer, ModelValue, DynamicFrame, DynamicEncodingContext, ValuePath, CodingPlaces.Frame) throws -> Void
        let read: Read
        let write: Write

        init(_ element: FieldType) throws {
            let optional = element.isOptional
            if case .structure(let name) = element.unwrapped {
                (read, write) = Self.inline(name, optional: optional)
            } else if let concrete = openConcreteScalar(element.unwrapped, ConcreteElementCoding(optional: optional)) {
                (read, write) = concrete
            } else {
                (read, write) = try openDynamicType(element.unwrapped, GenericElementCoding(optional: optional))
            }
        }

        /// A struct element, inline through `nestedContainer(keyedBy:)`; an optional one is
        /// `decodeNil()` first, and nil is `encodeNil()`. Its fields are coded at the list
        /// owner's coding path.
        private static func inline(_ name: String, optional: Bool) -> (Read, Write) {
            ({ list, context, listFrame in
                if optional, try list.decodeNil() { return .null }
                let element = listFrame.logical.appending(index: list.currentIndex)
                let item: KeyedDecodingContainer<CodingKeys>
                do {
                    item = try list.nestedContainer(keyedBy: CodingKeys.self)
                } catch {
                    context.places.locate(at: element)
                    throw error
                }
                let frame = CodingPlaces.Frame(logical: element, coding: listFrame.coding)
                return try context.places.within(frame) {
                    try DynamicStruct.decodeFields(of: name, from: item, context: context, inline: frame).modelValue
                }
            }, { list, value, frame, context, path, listFrame in
                if optional, value == .null { return try list.encodeNil() }
                let place = CodingPlaces.Frame(logical: listFrame.logical.appending(index: list.count), coding: listFrame.coding)
                var item = list.nestedContainer(keyedBy: CodingKeys.self)
                let element = try DynamicStruct.make(value, frame: frame, layout: context.layout, path: path)
                try context.places.within(place) { try element.encodeFields(into: &item, context: context, path: path, inline: place) }
            })
        }
    }

    /// A scalar element, through the unkeyed containers' concrete overloads.
    private struct ConcreteElementCoding: ConcreteScalarVisitor {
        let optional: Bool

        func visit<T: ConcreteScalar>(_ type: T.Type) -> (ElementCoding.Read, ElementCoding.Write) {
            ({ list, _, _ in
                optional ? try T.decodeElementIfPresent(&list)?.modelValue ?? .null : try T.decodeElement(&list).modelValue
            }, { list, value, frame, context, path, _ in
                if optional, value == .null { return try list.encodeNil() }
                try T.make(value, frame: frame, layout: context.layout, path: path).encodeElement(&list)
            })
        }
    }

    /// Any other element, through the unkeyed containers' generic calls.
    private struct GenericElementCoding: DynamicTypeVisitor {
        let optional: Bool

        func visit<T: DynamicValue>(_ type: T.Type) -> (ElementCoding.Read, ElementCoding.Write) {
            ({ list, _, _ in
                optional ? try list.decodeIfPresent(T.self)?.modelValue ?? .null : try list.decode(T.self).modelValue
            }, { list, value, frame, context, path, _ in
                if optional, value == .null { return try list.encodeNil() }
                try list.encode(T.make(value, frame: frame, layout: context.layout, path: path))
            })
        }
    }

    // MARK: Nested and super

    /// A struct inline through `nestedContainer(keyedBy:forKey:)`; an optional one is read when
    /// `contains(_:)` and not `decodeNil(forKey:)`, and left out when nil. Its fields are coded
    /// at its owner's coding path.
    private static func nested(optional: Bool) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, context in
            if optional, try !container.contains(key) || container.decodeNil(forKey: key) { return .null }
            let owner = context.places.structFrame
            let frame = CodingPlaces.Frame(logical: owner.logical.appending(key: key.stringValue), coding: owner.coding)
            let nested: KeyedDecodingContainer<CodingKeys>
            do {
                nested = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
            } catch {
                context.places.locate(at: frame.logical)
                throw error
            }
            guard let name = context.top.leafStruct else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: nested.codingPath, debugDescription: "no struct in frame"))
            }
            return try context.places.within(frame) {
                try DynamicStruct.decodeFields(of: name, from: nested, context: context, inline: frame).modelValue
            }
        }, { container, key, value, frame, context, path in
            if optional, value == .null { return }
            let owner = context.places.structFrame
            let place = CodingPlaces.Frame(logical: owner.logical.appending(key: key.stringValue), coding: owner.coding)
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
            let value = try DynamicStruct.make(value, frame: frame, layout: context.layout, path: path)
            try context.places.within(place) { try value.encodeFields(into: &nested, context: context, path: path, inline: place) }
        })
    }

    /// A struct through `superDecoder(forKey:)`/`superEncoder(forKey:)`, or `superDecoder()`/
    /// `superEncoder()` under the key `super`: a coder of its own, whose coding path is its
    /// owner's coding path and the key.
    private static func superCoder(usesSuperKey: Bool) -> (FieldCodec.Decode, FieldCodec.Encode) {
        ({ container, key, context in
            let owner = context.places.structFrame
            let frame = CodingPlaces.Frame(logical: owner.logical.appending(key: key.stringValue), coding: owner.coding.appending(key: key.stringValue))
            let decoder = usesSuperKey ? try container.superDecoder() : try container.superDecoder(forKey: key)
            return try context.places.within(frame) { try DynamicStruct(from: decoder).modelValue }
        }, { container, key, value, frame, context, path in
            let owner = context.places.structFrame
            let place = CodingPlaces.Frame(logical: owner.logical.appending(key: key.stringValue), coding: owner.coding.appending(key: key.stringValue))
            let encoder = usesSuperKey ? container.superEncoder() : container.superEncoder(forKey: key)
            let value = try DynamicStruct.make(value, frame: frame, layout: context.layout, path: path)
            try context.places.within(place) { try value.encode(to: encoder) }
        })
    }

    // MARK: Wrapper types

    /// `decode(Wrapper.self, forKey:)` of a single-value wrapper; of an optional value the
    /// wrapper is still required (null inside it is nil).
    private struct SingleValueCoding: ConcreteScalarVisitor {
        let optional: Bool

        func visit<T: ConcreteScalar>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
            guard optional else {
                return ({ container, key, _ in
                    try container.decode(DynamicSingleValue<T>.self, forKey: key).value.modelValue
                }, { container, key, value, frame, context, path in
                    try container.encode(DynamicSingleValue(T.make(value, frame: frame, layout: context.layout, path: path)), forKey: key)
                })
            }
            return ({ container, key, _ in
                try container.decode(DynamicOptionalSingleValue<T>.self, forKey: key).value?.modelValue ?? .null
            }, { container, key, value, frame, context, path in
                try container.encode(DynamicOptionalSingleValue(T?.make(value, frame: frame, layout: context.layout, path: path)), forKey: key)
            })
        }
    }

    /// `decode(Wrapper.self, forKey:)` of a type that accepts two encodings; an optional one
    /// `decodeIfPresent`/`encodeIfPresent`.
    private struct TwoEncodingsCoding: TextEncodableVisitor {
        let optional: Bool

        func visit<T: TextEncodable>(_ type: T.Type) -> (FieldCodec.Decode, FieldCodec.Encode) {
            guard optional else {
                return ({ container, key, _ in
                    try container.decode(DynamicTwoEncodings<T>.self, forKey: key).value.modelValue
                }, { container, key, value, frame, context, path in
                    try container.encode(DynamicTwoEncodings(T.make(value, frame: frame, layout: context.layout, path: path)), forKey: key)
                })
            }
            return ({ container, key, _ in
                try container.decodeIfPresent(DynamicTwoEncodings<T>.self, forKey: key)?.value.modelValue ?? .null
            }, { container, key, value, frame, context, path in
                let wrapped = try T?.make(value, frame: frame, layout: context.layout, path: path)
                try container.encodeIfPresent(wrapped.map { DynamicTwoEncodings($0) }, forKey: key)
            })
        }
    }
}
