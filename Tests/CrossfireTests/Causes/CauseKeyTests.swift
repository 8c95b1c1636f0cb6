import Crossfire
import Testing

/// A cause's canonical text is its identity: it reads back as itself, and a malformed one is an
/// error that says what is wrong.
struct CauseKeyTests {
    static let causes: [CauseKey] = [
        CauseKey(departs: ["planted"], rule: .key(role: .propertyName)),
        CauseKey(departs: ["hand"], rule: .behaviour(direction: .read, type: "integer", held: "boolean", departing: "value", others: "typeMismatch")),
        CauseKey(departs: [], rule: .vanished(entry: "int8-stored-as-boolean")),
        CauseKey(departs: ["codable"], rule: .documented(entry: "storage-precision")),
        CauseKey(departs: ["reflective"], rule: .crash(ending: "SIGILL", message: "Fatal error: Double value cannot be converted to Int#")),
        CauseKey(departs: [], rule: .behaviour(direction: .storage, type: "date", held: "timestamp", departing: "value", others: "")),
        CauseKey(departs: ["a/b", "c+d"], rule: .documented(entry: "x:y")),
    ]

    @Test(arguments: CauseKeyTests.causes)
    func canonicalTextReadsBack(_ cause: CauseKey) throws {
        #expect(try CauseKey(canonical: cause.canonical) == cause)
        #expect(!cause.fileNamePart.contains("/") && !cause.fileNamePart.contains(":"))
    }

    @Test func departingMappersAreSortedSoThatOrderIsNoIdentity() {
        #expect(CauseKey(departs: ["strict", "lenient"], rule: .key(role: .none)) == CauseKey(departs: ["lenient", "strict"], rule: .key(role: .none)))
    }

    @Test(arguments: ["no colon", "planted:unknown/rule", "planted:key/sideways", "planted:sideways/integer/double/value/value"])
    func malformedTextIsAnError(_ text: String) {
        #expect(throws: CauseKey.ParseError.self) { try CauseKey(canonical: text) }
    }
}

/// A crash's cause is the runtime's own words, its digits left out: two traps of one kind at
/// other lines, cases or values are one class; two kinds are two.
struct CrashCauseTests {
    @Test func theRuntimesWordsWithoutDigitsAreTheTrap() {
        let first = "the worker died of SIGILL (signal 4) in a call of reflective (decode check), case 12: "
            + "ReflectiveMapper/SchemaObject.swift:88: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        let second = "the worker died of SIGILL (signal 4) in a call of reflective (decode check), case 907: "
            + "ReflectiveMapper/SchemaObject.swift:91: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        let words = CauseResolver.withoutDigits(first)
        #expect(words == "ReflectiveMapper/SchemaObject.swift:#: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(CauseResolver.withoutDigits(second) == words)
        let other = "Swift/Integers.swift:3048: Fatal error: Double value cannot be converted to Int because it is outside the representable range"
        #expect(CauseResolver.withoutDigits(other) != words)
        #expect(CauseResolver.withoutDigits("the worker did not answer within 30 s") == "the worker did not answer within # s")
    }
}
