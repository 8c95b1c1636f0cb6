/// The keys of a Firestore `Value` object (a proto `oneof`): exactly one of them per value.
enum RESTTypeKey: String, CaseIterable {
    case nullValue, booleanValue, integerValue, doubleValue, timestampValue, stringValue
    case bytesValue, referenceValue, geoPointValue, arrayValue, mapValue

    /// Members of the same `oneof` that only Pipeline queries use; never stored data.
    static let pipelineOnly: Set<String> = ["fieldReferenceValue", "functionValue", "pipelineValue", "variableReferenceValue"]

    /// The list of keys, for error messages.
    static let expectation = "exactly one of " + allCases.map(\.rawValue).joined(separator: ", ")
}

/// The reserved map shape of a vector embedding: `__type__: "__vector__"` and `value` an
/// array of doubles.
enum VectorShape {
    static let typeKey = "__type__"
    static let typeName = "__vector__"
    static let valueKey = "value"
}
