import Testing
@testable import FirestoreModel

/// A coding key with both a string and an integer value.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

@Suite("ValuePath")
struct ValuePathTests {
    @Test func rendersForPeople() {
        #expect(ValuePath([.key("tags"), .index(2), .key("color")]).description == "tags[2].color")
        #expect(ValuePath.root.description == "(root)")
        #expect(ValuePath([.index(0), .key("a")]).description == "[0].a")
        #expect(ValuePath(keys: "my key", "x").description == "`my key`.x")
        #expect(ValuePath(keys: "a.b").description == "`a.b`")
        #expect(ValuePath(keys: "").description == "``")
        #expect(ValuePath(keys: "1abc").description == "`1abc`")
        #expect(ValuePath(keys: "_ok9").description == "_ok9")
    }

    @Test func quotesBackticksAndBackslashes() {
        #expect(ValuePath.quotedSegment("a`b") == "`a\\`b`")
        #expect(ValuePath.quotedSegment("a\\b") == "`a\\\\b`")
        #expect(ValuePath.quotedSegment("*") == "`*`")
        #expect(ValuePath(keys: "_0", "1", "+2").firestoreFieldPath == "_0.`1`.`+2`")
        #expect(ValuePath([.key("a"), .index(3)]).firestoreFieldPath == "a.[3]")
    }

    @Test func fromCodingPaths() {
        let path = ValuePath(codingPath: [Key(stringValue: "tags"), Key(intValue: 2), Key(stringValue: "Index 9")])
        #expect(path.components == [.key("tags"), .index(2), .key("Index 9")])
    }

    @Test func buildingAndComparing() {
        let base = ValuePath(keys: "a")
        let child = base.appending(index: 1).appending(key: "b")
        #expect(child.count == 3)
        #expect(child.parent == base.appending(.index(1)))
        #expect(base.isPrefix(of: child))
        #expect(!child.isPrefix(of: base))
        #expect(ValuePath.root.isPrefix(of: child))
        #expect(ValuePath.root.parent.isRoot)
        #expect(ValuePath(keys: "\u{E9}") != ValuePath(keys: "e\u{301}"))
        #expect(Set([ValuePath(keys: "\u{E9}"), ValuePath(keys: "e\u{301}")]).count == 2)
        #expect(ValuePath([.index(0)]) != ValuePath(keys: "0"))
    }
}
