/// A marker for property wrappers whose value is not stored under their key.
///
/// A keyed container of `Firestore.Encoder` skips a value of such a type entirely (no
/// key, no null). A keyed container of `Firestore.Decoder` neither looks at nor pushes
/// the key: it calls `init(from:)` with the decoder itself. `@DocumentID` is the one
/// conforming type.
public protocol StructureCodingUncodedUnkeyed {}
