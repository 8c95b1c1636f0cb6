import FirestoreModel

/// Writes documents and values as Firestore REST (ProtoJSON) JSON, canonically, through
/// jansson.
///
/// The output is stable: the same document gives the same bytes, and reading the output and
/// writing again gives the same bytes. Reading it gives a value equal (`==`) to the original,
/// with one exception REST itself has: a `.map` of exactly the vector shape
/// (`__type__: "__vector__"`, `value`: doubles) reads back as `.vector`.
///
/// Refused (`unrepresentable`): a timestamp outside RFC 3339's years 1–9999 or with
/// nanoseconds outside 0…999,999,999; a map key containing NUL; arrays and maps nested deeper
/// than `maximumDepth`.
///
/// Reals are printed with the fewest significant digits (the same for the whole output) that
/// read back bit for bit; see `JSONWriteOptions` for the layout.
public struct RESTJSONWriter: Sendable {
    /// Key order and layout.
    public var options: JSONWriteOptions

    /// Creates a writer.
    public init(options: JSONWriteOptions = .default) {
        self.options = options
    }

    /// The JSON of a document: `name` (when it has a reference), `fields` (`{}` when empty),
    /// `createTime` and `updateTime` (when set), in this order unless keys are sorted.
    public func write(_ document: RESTDocument) throws(FirestoreJSONError) -> [UInt8] {
        var cursor = WriteCursor(options: options)
        let root = try cursor.place(JanssonMake.object(), in: .root)
        if let reference = document.reference {
            cursor.enter("name")
            try cursor.place(JanssonMake.string(reference.resourceName), in: .member(root, "name"))
            cursor.leave()
        }
        cursor.enter("fields")
        cursor.startData()
        let fields = try cursor.place(JanssonMake.object(), in: .member(root, "fields"))
        try cursor.placeRESTFields(document.fields, into: fields, depth: 1)
        cursor.endData()
        cursor.leave()
        for (key, time) in [("createTime", document.createTime), ("updateTime", document.updateTime)] {
            guard let time else { continue }
            cursor.enter(key)
            try cursor.placeTimestamp(time, in: .member(root, key))
            cursor.leave()
        }
        return try cursor.output()
    }

    /// The JSON of one `Value` object, e.g. `{"integerValue": "1"}`.
    public func write(_ value: FirestoreValue) throws(FirestoreJSONError) -> [UInt8] {
        var cursor = WriteCursor(options: options)
        cursor.startData()
        try cursor.placeRESTValue(value, in: .root, depth: 1)
        return try cursor.output()
    }
}
