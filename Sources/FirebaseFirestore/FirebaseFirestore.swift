// The module a model file written for the Firebase SDK imports: `import FirebaseFirestore`
// compiles unchanged on Linux against Crossfire. It re-exports the value model and the
// Codable mapper under the SDK's names, and Foundation, which the SDK's module brings into
// scope on Apple platforms (`Date`, `URL`, `NSNull` in a model file need no import of their
// own there). Its own declarations are the SDK's app-facing classes: the snapshots
// (`DocumentSnapshot`, `QueryDocumentSnapshot`, `QuerySnapshot`) and the client of a
// Firestore emulator (`Firestore.firestore()`, `CollectionReference`, …). Its
// `DocumentSnapshot` shadows FirestoreModel's struct of that name in a file that imports
// this module alone.
@_exported import FirestoreCodable
@_exported import FirestoreModel
@_exported import Foundation
