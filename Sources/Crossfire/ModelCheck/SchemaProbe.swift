import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// Derives the `ModelSchema` of a `Decodable` model type by running its own `init(from:)`
/// against a recording decoder, so that a team can check its types without writing a schema.
///
/// What it understands is what synthesized Codable produces: structs (each field's key, type
/// and optionality, as `decode` and `decodeIfPresent` are called), the scalar and Firestore
/// types, arrays, sets, dictionaries keyed by `String`, `Int` or an enum, optionals, empty
/// structs (an `init(from:)` that asks for no container), enums that are `CaseIterable` (with
/// `String`, `Int` or no raw values), and `@DocumentID`, `@ServerTimestamp` and `@ExplicitNull`. A type that decodes itself another way (from a
/// single value, an unkeyed container, nested containers) is reported by name and path.
package final class SchemaProbe {
    private var structs: [StructSchema] = []
    private var enums: [EnumSchema] = []
    /// The schema name given to each type met, by type.
    private var names: [ObjectIdentifier: String] = [:]
    /// The names given so far.
    private var usedNames: Set<String> = []
    /// The structs being probed now (a type met again inside itself is referred to by name).
    private var inProgress: Set<ObjectIdentifier> = []
    /// A value of each struct probed, handed back where the struct is a field.
    private var placeholders: [ObjectIdentifier: Any] = [:]

    private init() {}

    /// The schema of `type`, whose root struct is `type`.
    package static func schema<T: Decodable>(of type: T.Type) throws(SchemaProbeError) -> ModelSchema {
        let probe = SchemaProbe()
        let root: FieldType
        do {
            root = try probe.fieldType(of: type, at: "")
        } catch let error as SchemaProbeError {
            throw error
        } catch {
            throw SchemaProbeError(typeName: "\(type)", path: "", reason: "\(error)")
        }
        guard case .structure(let rootName) = root else {
            throw SchemaProbeError(typeName: "\(type)", path: "", reason: "a model must be a struct or class with keyed fields, not \(root)")
        }
        let schema = ModelSchema(root: rootName, structs: probe.structs, enums: probe.enums)
        if let problem = schema.validationErrors().first {
            throw SchemaProbeError(typeName: "\(type)", path: "", reason: "the derived schema is not valid: \(problem)")
        }
        return schema
    }

    /// The field type describing `T`, probing structs and enums on first sight.
    func fieldType<T: Decodable>(of type: T.Type, at path: String) throws -> FieldType {
        if let scalar = SchemaProbe.scalarFieldType(type) { return scalar }
        if let composite = type as? any SchemaProbeComposite.Type {
            return try composite.probedFieldType(in: self, at: path)
        }
        if let enumeration = type as? any CaseIterable.Type {
            return .enumeration(try enumName(enumeration, at: path))
        }
        if type is any RawRepresentable.Type {
            throw SchemaProbeError(typeName: "\(type)", path: path, reason: SchemaProbe.notCaseIterable(type))
        }
        return .structure(try structName(type, at: path))
    }

    /// Why an enum without `CaseIterable` stops the probe, and the two ways to give it its
    /// cases.
    static func notCaseIterable(_ type: Any.Type) -> String {
        // `Models.User.MemberClass` without its module; a type in a local or private context
        // has no such name, and is given by its own.
        let qualified = String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
        let name = qualified.isEmpty || qualified.contains("(") ? "\(type)" : qualified
        return "an enum must be CaseIterable for its cases to be listed (the documents hold only its valid raw values): "
            + "add CaseIterable to its declaration, or in the test target write "
            + "`extension \(name): CaseIterable { public static var allCases: [Self] { [/* every case */] } }`"
    }

    /// A value of `T` to hand back to the `init(from:)` being probed.
    func placeholder<T: Decodable>(of type: T.Type, at path: String) throws -> T {
        if let scalar = try SchemaProbe.scalarPlaceholder(type) { return scalar }
        if let composite = type as? any SchemaProbeComposite.Type, let empty = composite.probePlaceholder as? T { return empty }
        if let enumeration = type as? any CaseIterable.Type, let first = SchemaProbe.firstCase(of: enumeration) as? T { return first }
        if let value = placeholders[ObjectIdentifier(type)] as? T { return value }
        throw SchemaProbeError(typeName: "\(type)", path: path, reason: "it contains itself without an optional or a collection in between")
    }

    private static func firstCase<E: CaseIterable>(of type: E.Type) -> Any? {
        type.allCases.first
    }

    // MARK: Structs

    private func structName<T: Decodable>(_ type: T.Type, at path: String) throws -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let name = uniqueName(for: type)
        names[id] = name
        inProgress.insert(id)
        defer { inProgress.remove(id) }
        let decoder = SchemaProbeDecoder(probe: self, path: path, typeName: "\(type)")
        do {
            placeholders[id] = try T(from: decoder)
        } catch let error as SchemaProbeError {
            throw error
        } catch {
            throw SchemaProbeError(typeName: "\(type)", path: path, reason: "its init(from:) threw \(error)")
        }
        // An init(from:) that asks for no container at all is an empty struct's (Swift
        // synthesizes one so): it reads nothing, and Firestore.Encoder writes it as an empty map.
        structs.append(StructSchema(name: name, fields: decoder.fields))
        return name
    }

    // MARK: Enums

    private func enumName<E: CaseIterable>(_ type: E.Type, at path: String) throws -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let name = uniqueName(for: type)
        names[id] = name
        var rawType = EnumSchema.RawType.none
        var cases: [EnumCase] = []
        for value in type.allCases {
            let caseName = String(describing: value)
            switch (value as? any RawRepresentable)?.rawValue {
            case nil:
                cases.append(EnumCase(name: caseName))
            case let raw as String:
                rawType = .string
                cases.append(EnumCase(name: caseName, rawValue: .string(raw)))
            case let raw as Int:
                rawType = .int
                cases.append(EnumCase(name: caseName, rawValue: .int(Int64(raw))))
            case let raw?:
                throw SchemaProbeError(typeName: "\(type)", path: path, reason: "raw values of type \(Swift.type(of: raw)) are not supported (String or Int)")
            }
        }
        guard !cases.isEmpty else {
            throw SchemaProbeError(typeName: "\(type)", path: path, reason: "an enum without cases has no value to decode")
        }
        enums.append(EnumSchema(name: name, rawType: rawType, cases: cases))
        return name
    }

    // MARK: Names

    /// A type name for the type, valid and unique in the schema.
    private func uniqueName(for type: Any.Type) -> String {
        let name = SchemaIdentifiers.typeName(for: String(describing: type), avoiding: usedNames)
        usedNames.insert(name)
        return name
    }
}
