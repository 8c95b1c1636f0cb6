import Testing
@testable import FirestoreModel

@Suite("DocumentReference")
struct DocumentReferenceTests {
    @Test func validPaths() throws {
        let reference = try DocumentReference(path: "books/abc")
        #expect(reference.segments == ["books", "abc"])
        #expect(reference.documentID == "abc")
        #expect(reference.collectionID == "books")
        #expect(reference.database == .default)
        #expect(reference.resourceName == "projects/crossfire/databases/(default)/documents/books/abc")
        #expect(try DocumentReference(path: "/a/b/c/d").path == "a/b/c/d")
        #expect(try DocumentReference(segments: ["a", "with space", "c", "é"]).path == "a/with space/c/é")
    }

    @Test(arguments: ["", "books", "a/b/c", "a//b/c", "a/b/", "a/.", "a/..", "__x__/b", "a/__id1__"])
    func invalidPaths(path: String) {
        #expect(throws: DocumentPathError.self) { try DocumentReference(path: path) }
    }

    @Test func idRules() {
        #expect(DocumentReference.problem(withID: "") == "empty ID")
        #expect(DocumentReference.problem(withID: String(repeating: "a", count: 1_500)) == nil)
        #expect(DocumentReference.problem(withID: String(repeating: "a", count: 1_501)) == "ID longer than 1,500 bytes (1501)")
        #expect(DocumentReference.problem(withID: "a/b") == "ID contains '/'")
        #expect(DocumentReference.problem(withID: "..") == "ID is '..'")
        #expect(DocumentReference.problem(withID: "...") == nil)
        #expect(DocumentReference.problem(withID: "__a__") != nil)
        #expect(DocumentReference.problem(withID: "__") == nil)
        #expect(throws: DocumentPathError.self) { try DocumentReference(segments: ["a", "b/c"]) }
    }

    @Test func errorsNameTheSegment() {
        do {
            _ = try DocumentReference(path: "a/b/c/..")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "segment 4: ID is '..'")
            #expect(error.description == "invalid document path \"a/b/c/..\": segment 4: ID is '..'")
        }
    }

    @Test func resourceNames() throws {
        let reference = try DocumentReference(resourceName: "projects/p/databases/db/documents/a/b/c/d")
        #expect(reference.database == DatabaseID(projectID: "p", database: "db"))
        #expect(reference.path == "a/b/c/d")
        #expect(try DocumentReference(resourceName: reference.resourceName) == reference)
        for bad in ["projects/p/databases/db/documents/a", "projects//databases/db/documents/a/b", "p/p/databases/d/documents/a/b",
                    "projects/p/databases/d/docs/a/b", "projects/p/databases/d/documents"] {
            #expect(throws: DocumentPathError.self) { try DocumentReference(resourceName: bad) }
        }
    }

    @Test func equalityIsByCodePointsAndDatabase() throws {
        let composed = try DocumentReference(path: "c/\u{E9}")
        let decomposed = try DocumentReference(path: "c/e\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        let elsewhere = try DocumentReference(path: "c/\u{E9}", database: DatabaseID(projectID: "other"))
        #expect(composed != elsewhere)
        #expect(try DocumentReference(path: "c/\u{E9}") == composed)
    }

    @Test func reservedNames() {
        #expect("__x__".isReservedName)
        #expect("____".isReservedName)
        #expect(!"___".isReservedName)
        #expect(!"__x".isReservedName)
        #expect(!"x__".isReservedName)
    }
}
