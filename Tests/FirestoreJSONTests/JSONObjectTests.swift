import FirestoreJSON
import FirestoreModel
import Testing

/// The one reader of record members: typed access over jansson's reading, errors that say where.
@Suite struct JSONObjectTests {
    /// A record read through jansson, as every format's reader reads one.
    private func record(_ text: String, line: Int? = 7) throws -> JSONObject {
        try JSONObject(try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: text), line: line)
    }

    /// The error `body` throws, or nil.
    private func failure(_ body: () throws(JSONObjectError) -> Void) -> JSONObjectError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("integers, reals and their extremes keep their kind and bits")
    func numbers() throws {
        let object = try record(#"{"min": -9223372036854775808, "max": 9223372036854775807, "negZero": -0.0, "big": 1e308, "one": 1.0, "n": 3}"#)
        #expect(try object.integer("min") == Int64.min)
        #expect(try object.integer("max") == Int64.max)
        let negativeZero = try object.number("negZero")
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try object.number("big") == 1e308)
        #expect(try object.number("n") == 3)
        #expect(failure { () throws(JSONObjectError) in _ = try object.integer("one") }?.message == "expected an integer, found the number 1.0")
        #expect(failure { () throws(JSONObjectError) in _ = try object.integer("negZero") }?.message == "expected an integer, found the number -0.0")
    }

    @Test("an integer beyond Int64 and a duplicate key are refused by jansson, with the line and column")
    func refusedText() {
        #expect(throws: FirestoreJSONError.self) { _ = try record(#"{"n": 9223372036854775808}"#) }
        do {
            _ = try record("{\"a\": 1,\n \"a\": 2}")
            Issue.record("a duplicate key was accepted")
        } catch let error as FirestoreJSONError {
            #expect(error.kind == .duplicateKey)
            #expect(error.location.line == 2)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("members keep the order of the text")
    func keyOrder() throws {
        let object = try record(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(Array(object.members.keys) == ["z", "a", "m"])
    }

    @Test("errors name the member path, the label and the line", arguments: [
        (#"{"a": {"b": [{"c": 5}]}}"#, "a.b[0].c", "expected a string, found the integer 5"),
        (#"{"a": {"b": [{"d": 5}]}}"#, "a.b[0]", "missing key \"c\""),
        (#"{"a": {"b": ["x"]}}"#, "a.b[0]", "expected an object, found the string \"x\""),
        (#"{"a": {"b": null}}"#, "", ""),
    ])
    func paths(text: String, path: String, message: String) throws {
        let object = try record(text)
        let error = failure { () throws(JSONObjectError) in
            for element in try object.object("a").objects("b") { _ = try element.string("c") }
        }
        #expect(error?.path ?? "" == path)
        #expect(error?.message ?? "" == message)
        if let error { #expect(error.description == "line 7: \(path): \(message)") }
    }

    @Test("absent and null optional members read as nil; a string array's element is located")
    func optionals() throws {
        let object = try record(#"{"s": null, "list": ["a", 2]}"#, line: nil)
        #expect(try object.optionalString("s") == nil)
        #expect(try object.optionalString("absent") == nil)
        #expect(try object.optionalStrings("absent") == [])
        #expect(failure { () throws(JSONObjectError) in _ = try object.strings("absent") }?.description == "(top level): missing key \"absent\"")
        let element = failure { () throws(JSONObjectError) in _ = try object.strings("list") }
        #expect(element?.description == "list[1]: expected a string, found the integer 2")
    }

    @Test("a label follows the location; unknown keys are listed against the known ones")
    func labelsAndKeys() throws {
        var object = try JSONObject(.map(["name": .string("tags"), "extra": .boolean(true)]), path: "structs[0].fields[2]")
        object.label = "Book.tags"
        #expect(object.location(of: "type") == "structs[0].fields[2].type (Book.tags)")
        let unknown = failure { () throws(JSONObjectError) in try object.checkKeys(["name", "type"]) }
        #expect(unknown?.location == "structs[0].fields[2] (Book.tags)")
        #expect(unknown?.message == #"unknown key "extra"; the keys of this object are "name", "type""#)
    }

    @Test("quoting uses JSON's escapes")
    func quoting() {
        #expect(JSONObject.quoted("say \"hi\"\\\n\u{1}é") == #""say \"hi\"\\\n\u0001é""#)
    }
}
