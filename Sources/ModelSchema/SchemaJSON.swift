/// A schema's JSON form as the schema writer builds it (`SchemaJSONWriter`): objects, arrays,
/// strings, integers and Booleans; schema files are read through jansson (`JSONObject`).
enum SchemaJSON: Hashable, Sendable {
    /// An object: its members in document order, each key at most once.
    case object([Member])
    /// An array.
    case array([SchemaJSON])
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of an object.
    struct Member: Hashable, Sendable {
        /// The key.
        var key: String
        /// The value.
        var value: SchemaJSON
    }
}
