// The module a model file written for the Firebase SDK imports: `import FirebaseFirestore`
// compiles unchanged on Linux against Crossfire. It re-exports the value model and the
// Codable mapper under the SDK's names, and Foundation, which the SDK's module brings into
// scope on Apple platforms (`Date`, `URL`, `NSNull` in a model file need no import of their
// own there).
@_exported import FirestoreCodable
@_exported import FirestoreModel
@_exported import Foundation

/// The SDK's snapshot of a document known to exist, as a query hands it out. Crossfire's
/// `DocumentSnapshot` covers both of the SDK's snapshot classes.
public typealias QueryDocumentSnapshot = DocumentSnapshot
