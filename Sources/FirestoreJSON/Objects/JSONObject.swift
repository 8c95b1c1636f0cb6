import FirestoreModel

/// One JSON object of a record being read (a schema file, a journal line, a regression
/// file …), read through jansson by `PlainJSONReader`: typed access to its members whose errors
/// (`JSONObjectError`) name the member path (`fields.tags[2]`), the line and what the object
/// describes. Integers and reals stay apart (`1.5` or `true` where an integer belongs is an
/// error, never a conversion), keys keep their order and jansson has refused duplicates.
public struct JSONObject: Sendable {
    /// How the path of the record itself is written.
    public static let topLevel = "(top level)"

    /// The object's members, in the order of the text.
    public let members: FirestoreMap
    /// The object's own member path (`structs[0]`); empty for the record itself.
    public let path: String
    /// The line of the input the record is on, when known.
    public let line: Int?
    /// What the object describes (`Book.tags`), once known.
    public var label: String?

    /// Reads `value` as an object at `path` on `line`; anything else is an error there.
    public init(_ value: FirestoreValue, path: String = "", line: Int? = nil) throws(JSONObjectError) {
        guard case .map(let members) = value else {
            throw JSONObjectError(path: path, line: line, message: "expected an object, found \(JSONObject.summary(of: value))")
        }
        self.init(members: members, path: path, line: line)
    }

    /// The object of the given members.
    public init(members: FirestoreMap, path: String = "", line: Int? = nil) {
        self.members = members
        self.path = path
        self.line = line
    }

    // MARK: Locations and errors

    /// The member path of a member: `structs[0].fields` for `fields` of `structs[0]`.
    public func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Where a member is, as an error there names it: `structs[0].fields[2].type (Book.tags)`.
    public func location(of key: String) -> String {
        error(at: key, "").location
    }

    /// An error at a member.
    public func error(at key: String, _ message: String) -> JSONObjectError {
        JSONObjectError(path: path(of: key), label: label, line: line, message: message)
    }

    /// An error at the object itself.
    public func error(_ message: String) -> JSONObjectError {
        JSONObjectError(path: path, label: label, line: line, message: message)
    }

    /// Throws when a key is not among `allowedKeys` (listed in the message).
    public func checkKeys(_ allowedKeys: [String]) throws(JSONObjectError) {
        guard let unknown = members.keys.first(where: { !allowedKeys.contains($0) }) else { return }
        let known = allowedKeys.map(JSONObject.quoted).joined(separator: ", ")
        throw error("unknown key \(JSONObject.quoted(unknown)); the keys of this object are \(known)")
    }

    // MARK: Members

    /// The member's value, or nil when the key is absent.
    public func value(_ key: String) -> FirestoreValue? {
        members[key]
    }

    /// The member's value, or nil when absent or null.
    public func nonNull(_ key: String) -> FirestoreValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// A required member of any type.
    public func required(_ key: String) throws(JSONObjectError) -> FirestoreValue {
        guard let value = members[key] else { throw error("missing key \(JSONObject.quoted(key))") }
        return value
    }

    /// A required string member.
    public func string(_ key: String) throws(JSONObjectError) -> String {
        let value = try required(key)
        guard case .string(let text) = value else { throw mismatch(at: key, "a string", value) }
        return text
    }

    /// A string member that may be absent or null.
    public func optionalString(_ key: String) throws(JSONObjectError) -> String? {
        try ifPresent(key, string)
    }

    /// A required integer member (an integer token; a real such as `1.0` is refused).
    public func integer(_ key: String) throws(JSONObjectError) -> Int64 {
        let value = try required(key)
        guard case .integer(let number) = value else { throw mismatch(at: key, "an integer", value) }
        return number
    }

    /// An integer member that may be absent or null.
    public func optionalInteger(_ key: String) throws(JSONObjectError) -> Int64? {
        try ifPresent(key, integer)
    }

    /// A required number member: a real, or an integer read as a real.
    public func number(_ key: String) throws(JSONObjectError) -> Double {
        let value = try required(key)
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch(at: key, "a number", value)
        }
    }

    /// A number member that may be absent or null.
    public func optionalNumber(_ key: String) throws(JSONObjectError) -> Double? {
        try ifPresent(key, number)
    }

    /// A required Boolean member.
    public func bool(_ key: String) throws(JSONObjectError) -> Bool {
        let value = try required(key)
        guard case .boolean(let flag) = value else { throw mismatch(at: key, "true or false", value) }
        return flag
    }

    /// A Boolean member that may be absent or null.
    public func optionalBool(_ key: String) throws(JSONObjectError) -> Bool? {
        try ifPresent(key, bool)
    }

    /// A required array member.
    public func array(_ key: String) throws(JSONObjectError) -> [FirestoreValue] {
        let value = try required(key)
        guard case .array(let elements) = value else { throw mismatch(at: key, "an array", value) }
        return elements
    }

    /// An array member that may be absent or null (then empty).
    public func optionalArray(_ key: String) throws(JSONObjectError) -> [FirestoreValue] {
        guard nonNull(key) != nil else { return [] }
        return try array(key)
    }

    /// A required array member of strings.
    public func strings(_ key: String) throws(JSONObjectError) -> [String] {
        try strings(in: try array(key), at: key)
    }

    /// An array member of strings that may be absent or null (then empty).
    public func optionalStrings(_ key: String) throws(JSONObjectError) -> [String] {
        try strings(in: try optionalArray(key), at: key)
    }

    private func strings(in elements: [FirestoreValue], at key: String) throws(JSONObjectError) -> [String] {
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw JSONObjectError(path: "\(path(of: key))[\(index)]", label: label, line: line,
                                      message: "expected a string, found \(JSONObject.summary(of: element))")
            }
            result.append(text)
        }
        return result
    }

    /// A required object member, as an object at its path.
    public func object(_ key: String) throws(JSONObjectError) -> JSONObject {
        try JSONObject(try required(key), path: path(of: key), line: line)
    }

    /// An object member that may be absent or null.
    public func optionalObject(_ key: String) throws(JSONObjectError) -> JSONObject? {
        try ifPresent(key, object)
    }

    /// The objects of an array member that may be absent or null (then empty), each at its
    /// path (`outcomes[1]`).
    public func objects(_ key: String) throws(JSONObjectError) -> [JSONObject] {
        var result: [JSONObject] = []
        for (index, element) in try optionalArray(key).enumerated() {
            result.append(try JSONObject(element, path: "\(path(of: key))[\(index)]", line: line))
        }
        return result
    }

    /// A required string member that names a case of `T` by its raw value; an unknown name is
    /// an error listing the known ones.
    public func name<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(JSONObjectError) -> T where T.RawValue == String {
        try known(try string(key), at: key, of: type)
    }

    /// A string member that names a case of `T` by its raw value, absent or null giving nil;
    /// an unknown name is an error listing the known ones.
    public func optionalName<T: RawRepresentable & CaseIterable>(_ key: String, of type: T.Type) throws(JSONObjectError) -> T? where T.RawValue == String {
        guard let name = try optionalString(key) else { return nil }
        return try known(name, at: key, of: type)
    }

    /// The case of `T` that `name`, member `key`'s value, names.
    private func known<T: RawRepresentable & CaseIterable>(_ name: String, at key: String, of type: T.Type) throws(JSONObjectError) -> T where T.RawValue == String {
        guard let known = T(rawValue: name) else {
            let names = T.allCases.map { JSONObject.quoted($0.rawValue) }.joined(separator: ", ")
            throw error(at: key, "unknown \(key) \(JSONObject.quoted(name)); expected one of \(names)")
        }
        return known
    }

    /// `read` of a member that is there and not null; nil otherwise.
    private func ifPresent<T>(_ key: String, _ read: (String) throws(JSONObjectError) -> T) throws(JSONObjectError) -> T? {
        guard nonNull(key) != nil else { return nil }
        return try read(key)
    }

    private func mismatch(at key: String, _ expected: String, _ found: FirestoreValue) -> JSONObjectError {
        error(at: key, "expected \(expected), found \(JSONObject.summary(of: found))")
    }
}
