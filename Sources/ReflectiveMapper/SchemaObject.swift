import FirestoreModel
import Foundation
import ModelSchema

/// The reflective model of a schema struct: an object whose `Mirror` children are the
/// struct's stored properties, in declaration order, each labelled with the Firestore field it
/// is stored under (its coding key; a Salada model names its properties after its fields) and
/// holding a real Swift value of its declared type (`PropertyValue`).
///
/// A property left out of `CodingKeys` has no Firestore field, so its child has no label, and
/// Salada's loops (`if let key = child.label`) pass it by: it is never written or read, and no
/// field can share its name. The ignore list holds the properties the schema marks
/// `"ignore": true` and every `@DocumentID` (Salada's `id` is the snapshot's key, never a
/// field: the mapper fills it from the reference). The hooks are the schema's
/// (`ReflectiveHook`): seed 002's two, as the seed writes them.
final class SchemaObject: ReflectiveModel, CustomReflectable {
    /// One stored property.
    struct Property {
        /// The schema's field.
        let field: FieldSchema
        /// The `Mirror` label: the coding key; nil for a property left out of `CodingKeys`.
        let label: String?
        /// How its values are held.
        let representation: PropertyValue
        /// The Swift value it holds.
        var value: Any
    }

    /// The properties, in declaration order.
    private(set) var properties: [Property]
    let ignore: [String]
    private let schema: ModelSchema

    /// A model of the struct holding `values` (by property name; a property without one holds
    /// its initial value).
    /// - Throws: a value that is no value of its field's type, at the field.
    init(_ structSchema: StructSchema, schema: ModelSchema, values: [ModelField]) throws(ReflectiveMappingError) {
        self.schema = schema
        let initial = InitialValues(schema: schema)
        var properties: [Property] = []
        for field in structSchema.fields {
            let representation = PropertyValue(type: field.type, hook: field.hook, schema: schema)
            let model = values.first { $0.name == field.name }?.value ?? initial.value(of: field.type)
            let value = try representation.swiftValue(model, at: ValuePath.root.appending(key: field.codingKey ?? field.name))
            properties.append(Property(field: field, label: field.codingKey, representation: representation, value: value))
        }
        self.properties = properties
        ignore = properties.filter { $0.field.reflectiveIgnore || $0.field.wrapper == .documentID }.compactMap(\.label)
    }

    var customMirror: Mirror {
        Mirror(self, children: properties.map { (label: $0.label, value: $0.value) }, displayStyle: .class)
    }

    /// The value of the property labelled `key` (nil when there is none).
    subscript(key: String) -> Any? {
        get { index(of: key).map { properties[$0].value } }
        set {
            if let newValue { setValue(newValue, forKey: key) }
        }
    }

    func setValue(_ value: Any, forKey key: String) {
        guard let position = index(of: key) else { return }
        properties[position].value = value
    }

    /// The struct's model value: every property, in declaration order, by property name.
    /// - Throws: a property holding what is no value of its type (a hook that set a wrong
    ///   value), at the property.
    func modelValue() throws(ReflectiveMappingError) -> ModelValue {
        var fields: [ModelField] = []
        for property in properties {
            let path = ValuePath.root.appending(key: property.label ?? property.field.name)
            fields.append(ModelField(name: property.field.name, value: try property.representation.modelValue(property.value, at: path)))
        }
        return .structure(fields)
    }

    /// The position of the property labelled `key`, by code points (`é` and `e\u{301}` are two
    /// Firestore fields).
    private func index(of key: String) -> Int? {
        properties.firstIndex { $0.label?.utf8.elementsEqual(key.utf8) ?? false }
    }

    // MARK: The hooks: seed 002's `User`, as written

    /// The hook of the property labelled `key`, with the enum a `rawValue` hook maps.
    private func hook(of key: String) -> (hook: ReflectiveHook, enumSchema: EnumSchema?)? {
        guard let position = index(of: key), let hook = properties[position].field.hook else { return nil }
        if case .enumeration(let name) = properties[position].field.type.unwrapped { return (hook, schema.enumSchema(named: name)) }
        return (hook, nil)
    }

    /// Seed 002's `encode(_:value:)`, for whichever property the schema gives each hook.
    func encode(_ key: String, value: Any?) -> Any? {
        switch hook(of: key)?.hook {
        case .coordinates?:
            if let location = self[key] as? CLLocation {
                return ["latitude": location.coordinate.latitude, "longitude": location.coordinate.longitude]
            }
        case .rawValue?:
            return (self[key] as? RawEnumCase)?.rawValue as AnyObject?
        case nil:
            break
        }
        return nil
    }

    /// Seed 002's `decode(_:value:)`, for whichever property the schema gives each hook. Its
    /// force-unwraps are the seed's, kept as written on purpose: a location map without
    /// `latitude` or `longitude`, or a raw value no case has, traps — which is what
    /// `crossfire run --isolate` must turn into a crash finding with its input. `value as?
    /// [String: Double]` and `value as? Int` are evaluated as on an iPhone (`AppleCast`).
    func decode(_ key: String, value: Any?) -> Any? {
        guard let (hook, enumSchema) = hook(of: key) else { return nil }
        switch hook {
        case .coordinates:
            if let location: [String: Double] = AppleCast.map(value, of: Double.self) {
                self[key] = CLLocation(latitude: location["latitude"]!, longitude: location["longitude"]!)
                return self[key]
            }
        case .rawValue:
            if let enumSchema, let type: Int = AppleCast.cast(value, to: Int.self) {
                self[key] = RawEnumCase(rawValue: type, of: enumSchema)!
                return self[key]
            }
        }
        return nil
    }
}
