/// How a container reports a null that the type's own rule reads as "no value" (`Date`,
/// `Data`, `URL`, `Decimal`, `[String: V]`), in the SDK's words for that container.
enum NullReport {
    /// `decode(_:from:)`: "The given data did not contain a top-level value." at `[]`.
    case topLevel
    /// A keyed container: "Expected <T> value but found null instead." at the path with the key.
    case keyedValue
    /// An unkeyed container: "Expected <T> but found null instead." at the path with the
    /// element's index, which the SDK appends a second time.
    case arrayElement(index: Int)
    /// The single-value container: "Expected <T> but found null value instead."
    case singleValue
}
