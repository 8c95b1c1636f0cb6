/// A collection type the session decodes itself, without the round trip through its
/// `init(from:)` and a container: `[String: V]`, which the SDK's decoder reads by a rule of its
/// own, and `[E]`, read exactly as `Array.init(from:)` reads it through the unkeyed container.
protocol DecodingCollection {
    /// The collection in `node`; a null is reported as `report` says where the type reads
    /// it as "no value", as its `init(from:)` would report it otherwise.
    static func unboxCollection(_ node: DecodingNode, in session: DecodingSession, ifNull report: NullReport) throws -> Self

    /// Whether a null of this type is "no value" (the SDK's nil from `unbox`), which a
    /// `[String: V]` holding it turns into a missing entry.
    static var readsNullAsNoValue: Bool { get }
}

/// `T` as a `DecodingCollection` type, or nil. Every array and dictionary is one reference
/// wide, so the size test spares most other types the runtime's conformance lookup (a
/// hash-table search).
func decodingCollectionType<T>(_ type: T.Type) -> (any DecodingCollection.Type)? {
    guard MemoryLayout<T>.size == MemoryLayout<[Int]>.size else { return nil }
    return type as? any DecodingCollection.Type
}
