import FirestoreModel

/// The Firebase SDK's database class: the namespace of the Codable mapper under the SDK's
/// names (`Firestore.Encoder` and `Firestore.Decoder`) and, through the `FirebaseFirestore`
/// module's client, a connection to one database (`Firestore.firestore()`).
///
/// This module gives an instance nothing but the database it stands for: the client that
/// reads and writes it lives in `FirebaseFirestore`, so that the mapper and the engine built
/// on it carry no networking. Inside `extension Firestore`, the name `Encoder` means
/// `Firestore.Encoder`; write `Swift.Encoder` for the standard library's protocol.
public final class Firestore: Sendable {
    /// The database this instance reads and writes.
    public let databaseID: DatabaseID

    /// The instance for `databaseID`; `FirebaseFirestore`'s `Firestore.firestore()` makes them.
    package init(databaseID: DatabaseID) {
        self.databaseID = databaseID
    }
}
