import FirestoreModel
import Foundation
import ModelSchema

/// How a schema field's value is held by the reflective model, so that `Mirror` sees a real
/// Swift value of the property's declared type: the Swift scalar (`String`, `Int8`, `URL`,
/// `Date`, …), `[String]`, `Set<String>` and `[String: V]` of strings, numbers and booleans,
/// `CLLocation` and a raw-valued case for the seed's two hooks — optionals as `Optional` of
/// those, so that an absent value still declares its type —, and any other type as an
/// `UnmappedValue`, which no kind of the table is.
struct PropertyValue {
    /// The field's type.
    let type: FieldType
    /// The hook that maps the field, if any.
    let hook: ReflectiveHook?
    /// The schema, for the enum of a `rawValue` hook.
    let schema: ModelSchema

    /// The Swift value for a model value of the field.
    /// - Throws: a model value that is no value of the field's type, at `path`.
    func swiftValue(_ model: ModelValue, at path: ValuePath) throws(ReflectiveMappingError) -> Any {
        let optional = type.isOptional
        let wrapped = type.unwrapped
        if let scalar = ScalarTypes.swiftType(of: wrapped) {
            return try heldScalar(model, scalar, optional: optional, at: path)
        }
        if let shape = representation(of: wrapped) {
            return try shape.swiftValue(model, optional: optional, at: path, of: self)
        }
        return UnmappedValue(model: model)
    }

    /// The model value of a Swift value this field holds.
    /// - Throws: a Swift value that is no value of the field's type, at `path`.
    func modelValue(_ swift: Any, at path: ValuePath) throws(ReflectiveMappingError) -> ModelValue {
        if let unmapped = swift as? UnmappedValue { return unmapped.model }
        if type.isOptional, isNone(swift) { return .null }
        let wrapped = type.unwrapped
        if let scalar = ScalarTypes.swiftType(of: wrapped) {
            guard let value = scalarModel(swift, scalar) else { throw mismatch(swift, at: path) }
            return value
        }
        guard let shape = representation(of: wrapped), let value = shape.modelValue(swift, of: self) else {
            throw mismatch(swift, at: path)
        }
        return value
    }

    // MARK: Shapes other than scalars

    /// The Swift shapes of the types that are neither scalars nor unmapped.
    enum Shape {
        case strings
        case stringSet
        case object(any PropertyScalar.Type)
        case location
        case rawEnum(EnumSchema)

        func swiftValue(_ model: ModelValue, optional: Bool, at path: ValuePath, of property: PropertyValue) throws(ReflectiveMappingError) -> Any {
            switch self {
            case .strings:
                return try property.held(model, optional: optional, at: path) { model -> [String]? in
                    guard case .array(let elements) = model else { return nil }
                    return strings(elements)
                }
            case .stringSet:
                return try property.held(model, optional: optional, at: path) { model -> Set<String>? in
                    guard case .set(let elements) = model else { return nil }
                    return strings(elements).map(Set.init)
                }
            case .object(let valueType):
                return try property.heldObject(model, valueType, optional: optional, at: path)
            case .location:
                return try property.held(model, optional: optional, at: path) { model -> CLLocation? in
                    guard case .structure(let fields) = model,
                          case .double(let latitude)? = fields.first(where: { $0.name == "latitude" })?.value,
                          case .double(let longitude)? = fields.first(where: { $0.name == "longitude" })?.value
                    else { return nil }
                    return CLLocation(latitude: latitude, longitude: longitude)
                }
            case .rawEnum(let enumSchema):
                return try property.held(model, optional: optional, at: path) { model -> RawEnumCase? in
                    guard case .enumCase(let name) = model else { return nil }
                    return RawEnumCase(named: name, of: enumSchema)
                }
            }
        }

        func modelValue(_ swift: Any, of property: PropertyValue) -> ModelValue? {
            switch self {
            case .strings:
                return (swift as? [String]).map { .array($0.map(ModelValue.string)) }
            case .stringSet:
                return (swift as? Set<String>).map { .set($0.map(ModelValue.string)) }
            case .object(let valueType):
                return property.objectModel(swift, valueType)
            case .location:
                return (swift as? CLLocation).map { location in
                    .structure([ModelField(name: "latitude", value: .double(location.coordinate.latitude)),
                                ModelField(name: "longitude", value: .double(location.coordinate.longitude))])
                }
            case .rawEnum:
                return (swift as? RawEnumCase).map { .enumCase($0.name) }
            }
        }

        private func strings(_ elements: [ModelValue]) -> [String]? {
            var strings: [String] = []
            for element in elements {
                guard case .string(let string) = element else { return nil }
                strings.append(string)
            }
            return strings
        }
    }

    /// The shape of a type that is no scalar, or nil when the reflective model does not map it.
    private func representation(of wrapped: FieldType) -> Shape? {
        switch (wrapped, hook) {
        case (.structure, .coordinates?): return .location
        case (.enumeration(let name), .rawValue?): return schema.enumSchema(named: name).map(Shape.rawEnum)
        case (.array(.string), _): return .strings
        case (.set(.string), _): return .stringSet
        case (.dictionary(.string, let value), _):
            guard let valueType = ScalarTypes.swiftType(of: value), valueType != URL.self, valueType != Date.self else { return nil }
            return .object(valueType)
        default: return nil
        }
    }

    // MARK: Typed values

    /// The Swift value `convert` makes of `model`, as an `Optional` when the field is optional.
    func held<T>(_ model: ModelValue, optional: Bool, at path: ValuePath, _ convert: (ModelValue) -> T?) throws(ReflectiveMappingError) -> Any {
        if optional, case .null = model { return T?.none as Any }
        guard let value = convert(model) else {
            throw ReflectiveMappingError(path: path, message: "the model value \(model) is no \(type)")
        }
        return optional ? (T?.some(value) as Any) : value
    }

    /// `held` for a scalar, its type opened so that an optional is a `T?`, not an
    /// `Optional<any PropertyScalar>`.
    private func heldScalar<T: PropertyScalar>(_ model: ModelValue, _ type: T.Type, optional: Bool, at path: ValuePath) throws(ReflectiveMappingError) -> Any {
        try held(model, optional: optional, at: path) { T(model: $0) }
    }

    private func scalarModel<T: PropertyScalar>(_ swift: Any, _ type: T.Type) -> ModelValue? {
        (swift as? T)?.model
    }

    /// `held` for a `[String: T]`, its value type opened.
    fileprivate func heldObject<T: PropertyScalar>(_ model: ModelValue, _ type: T.Type, optional: Bool, at path: ValuePath) throws(ReflectiveMappingError) -> Any {
        try held(model, optional: optional, at: path) { model -> [String: T]? in
            guard case .dictionary(let entries) = model else { return nil }
            var map: [String: T] = [:]
            for entry in entries {
                guard case .string(let key) = entry.key, let value = T(model: entry.value) else { return nil }
                map[key] = value
            }
            return map
        }
    }

    fileprivate func objectModel<T: PropertyScalar>(_ swift: Any, _ type: T.Type) -> ModelValue? {
        guard let map = swift as? [String: Any] else { return nil }
        var entries: [ModelDictionaryEntry] = []
        for (key, value) in map {
            guard let value = value as? T else { return nil }
            entries.append(ModelDictionaryEntry(key: .string(key), value: value.model))
        }
        return .dictionary(entries)
    }

    private func mismatch(_ swift: Any, at path: ValuePath) -> ReflectiveMappingError {
        ReflectiveMappingError(path: path, message: "the property holds \(swift) (\(Swift.type(of: swift))), no \(type)")
    }
}

/// A property's value of a type the reflective model has no Swift type for (a struct, an
/// enum, a `Timestamp`, `[Int]`, …): no kind of the table matches it, so only its initial
/// value ever stands in it.
struct UnmappedValue {
    /// The value.
    let model: ModelValue
}

/// Whether a value is an `Optional` holding nothing.
private func isNone(_ value: Any) -> Bool {
    if let optional = value as? any OptionalProperty { return optional.isNone }
    return false
}

/// An `Optional` seen through `Any`.
private protocol OptionalProperty {
    /// Whether it holds nothing.
    var isNone: Bool { get }
}

extension Optional: OptionalProperty {
    fileprivate var isNone: Bool { self == nil }
}
