/// One JSON object of a schema file being read: typed access to its members, and errors
/// that name the member's location (`structs[0].fields[2].type (Book.tags)`).
struct SchemaJSONObject {
    /// The object's own location, e.g. `structs[0].fields[2]`.
    let path: String
    /// The Swift name of what the object describes, once known (`Book.tags`), shown after
    /// locations in parentheses.
    private(set) var label: String?
    private let members: [SchemaJSON.Member]

    /// Reads `value` as an object whose keys are all among `allowedKeys`. When `labelPrefix`
    /// is given and the object has a string `name`, the label is the prefix and the name
    /// (`Book.` and `tags` give `Book.tags`).
    init(_ value: SchemaJSON, path: String, allowedKeys: [String], labelPrefix: String? = nil) throws(SchemaError) {
        self.path = path
        guard case .object(let members) = value else {
            throw SchemaError(location: path.isEmpty ? SchemaJSONObject.topLevel : path, message: "expected an object, found \(value.kindDescription)")
        }
        self.members = members
        if let labelPrefix, case .string(let name)? = members.first(where: { $0.key == "name" })?.value {
            label = labelPrefix + name
        }
        if let unknown = members.first(where: { !allowedKeys.contains($0.key) }) {
            let known = allowedKeys.map { SchemaJSON.quoted($0) }.joined(separator: ", ")
            throw SchemaError(location: ownLocation, message: "unknown key \(SchemaJSON.quoted(unknown.key)); the keys of this object are \(known)")
        }
    }

    /// How the location of the whole document is written.
    static let topLevel = "(top level)"

    /// The location of a member, with the label when known.
    func location(of key: String) -> String {
        let memberPath = path.isEmpty ? key : "\(path).\(key)"
        return label.map { "\(memberPath) (\($0))" } ?? memberPath
    }

    /// The location of the object itself, with the label when known.
    var ownLocation: String {
        let ownPath = path.isEmpty ? SchemaJSONObject.topLevel : path
        return label.map { "\(ownPath) (\($0))" } ?? ownPath
    }

    /// An error at a member.
    func error(at key: String, _ message: String) -> SchemaError {
        SchemaError(location: location(of: key), message: message)
    }

    /// The member's value, or nil when the key is absent.
    func value(_ key: String) -> SchemaJSON? {
        members.first { $0.key == key }?.value
    }

    private func required(_ key: String) throws(SchemaError) -> SchemaJSON {
        guard let value = value(key) else {
            throw SchemaError(location: ownLocation, message: "missing key \(SchemaJSON.quoted(key))")
        }
        return value
    }

    /// A required string member.
    func string(_ key: String) throws(SchemaError) -> String {
        let value = try required(key)
        guard case .string(let text) = value else { throw error(at: key, "expected a string, found \(value.kindDescription)") }
        return text
    }

    /// An optional string member.
    func optionalString(_ key: String) throws(SchemaError) -> String? {
        guard value(key) != nil else { return nil }
        return try string(key)
    }

    /// A required integer member.
    func integer(_ key: String) throws(SchemaError) -> Int64 {
        let value = try required(key)
        guard case .integer(let number) = value else { throw error(at: key, "expected an integer, found \(value.kindDescription)") }
        return number
    }

    /// An optional Boolean member.
    func optionalBool(_ key: String) throws(SchemaError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw error(at: key, "expected true or false, found \(value.kindDescription)") }
        return flag
    }

    /// An optional string member that names a case of `T` by its raw value (`"wrapper":
    /// "DocumentID"`); an unknown name is an error listing the known ones.
    func optionalName<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(SchemaError) -> T? where T.RawValue == String {
        guard let name = try optionalString(key) else { return nil }
        guard let known = T(rawValue: name) else {
            let names = T.allCases.map { SchemaJSON.quoted($0.rawValue) }.joined(separator: ", ")
            throw error(at: key, "unknown \(key) \(SchemaJSON.quoted(name)); expected one of \(names)")
        }
        return known
    }

    /// A required array member.
    func array(_ key: String) throws(SchemaError) -> [SchemaJSON] {
        let value = try required(key)
        guard case .array(let elements) = value else { throw error(at: key, "expected an array, found \(value.kindDescription)") }
        return elements
    }

    /// An optional array member (absent reads as empty).
    func optionalArray(_ key: String) throws(SchemaError) -> [SchemaJSON] {
        guard value(key) != nil else { return [] }
        return try array(key)
    }
}
