import Crossfire
import Testing

@Suite("ChoiceSequence")
struct ChoiceSequenceTests {
    @Test("the byte form is unsigned LEB128, one varint per choice")
    func byteForm() throws {
        let sequence = ChoiceSequence([0, 1, 127, 128, 300, UInt64.max])
        let expected: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x01, 0xAC, 0x02] + Array(repeating: 0xFF, count: 9) + [0x01]
        #expect(sequence.bytes == expected)
        #expect(try ChoiceSequence(bytes: expected) == sequence)
    }

    @Test("the text form is c1: and unpadded base64url of the byte form")
    func textForm() throws {
        #expect(ChoiceSequence([]).text == "c1:")
        #expect(ChoiceSequence([0, 1, 2]).text == "c1:AAEC")
        #expect(ChoiceSequence([0xFB, 0xFF]).text == "c1:-wH_AQ")
        #expect(try ChoiceSequence(text: "c1:-wH_AQ").choices == [0xFB, 0xFF])
        #expect(try ChoiceSequence(text: "c1:").choices.isEmpty)
    }

    @Test("every sequence survives both forms")
    func roundTrips() throws {
        var source = ChoiceSource(seed: 77)
        for length in 0..<60 {
            let choices = (0..<length).map { _ in source.draw(upTo: UInt64.max >> (source.draw(upTo: 63))) }
            let sequence = ChoiceSequence(choices)
            #expect(try ChoiceSequence(bytes: sequence.bytes) == sequence)
            #expect(try ChoiceSequence(text: sequence.text) == sequence)
            #expect(sequence.description == sequence.text)
        }
    }

    @Test("bad bytes and text are errors that say where and why")
    func errors() {
        func byteError(_ bytes: [UInt8]) -> ChoiceSequenceError? {
            do { _ = try ChoiceSequence(bytes: bytes); return nil } catch { return error }
        }
        func textError(_ text: String) -> ChoiceSequenceError? {
            do { _ = try ChoiceSequence(text: text); return nil } catch { return error }
        }
        #expect(byteError([0x05, 0x80]).map { "\($0.offset): \($0.reason)" } == "1: " + "the varint starting here is cut off")
        #expect(byteError([0x80, 0x00]).map { "\($0.offset): \($0.reason)" } == "1: " + "the varint is not minimal (a trailing zero group)")
        #expect(byteError(Array(repeating: 0xFF, count: 9) + [0x02]).map { "\($0.offset): \($0.reason)" } == "9: " + "the varint exceeds 64 bits")
        #expect(byteError(Array(repeating: 0x80, count: 10) + [0x01])?.reason == "the varint is longer than ten bytes")
        #expect(textError("AAEC").map { "\($0.offset): \($0.reason)" } == "0: " + "expected the prefix \"c1:\"")
        #expect(textError("c1:AA=C").map { "\($0.offset): \($0.reason)" } == "5: " + "not a base64url digit")
        #expect(textError("c1:AAECA")?.reason == "base64url text cannot have a length of 4n+1")
        #expect(textError("c1:AB").map { "\($0.offset): \($0.reason)" } == "4: " + "non-zero unused bits in the last digit")
        #expect(textError("c1:gA")?.reason.contains("cut off") == true)
        #expect(byteError([0x05, 0x80])?.description == "invalid choice sequence at offset 1: the varint starting here is cut off")
    }

    @Test("shortlex order: shorter first, then choice by choice")
    func shortlex() {
        #expect(ChoiceSequence([9, 9]) < ChoiceSequence([0, 0, 0]))
        #expect(ChoiceSequence([1, 2, 3]) < ChoiceSequence([1, 3, 0]))
        #expect(!(ChoiceSequence([1, 2]) < ChoiceSequence([1, 2])))
    }

    @Test("a source's recording replays from its text form")
    func sourceSequence() throws {
        var original = ChoiceSource(seed: 8)
        let drawn = (0..<40).map { _ in original.draw(upTo: 100_000) }
        var replay = ChoiceSource(replaying: try ChoiceSequence(text: original.sequence.text))
        #expect((0..<40).map { _ in replay.draw(upTo: 100_000) } == drawn)
    }
}
