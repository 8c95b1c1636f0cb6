/// The namespace that holds the Codable mapper under the Firebase SDK's names:
/// `Firestore.Encoder` and `Firestore.Decoder`.
///
/// In the SDK `Firestore` is the database class; here only the two coders live in it, so
/// that model code written against the SDK compiles with only its import changed.
/// Inside `extension Firestore`, the name `Encoder` means `Firestore.Encoder`; write
/// `Swift.Encoder` for the standard library's protocol.
public enum Firestore {}
