import CJansson

/// A JSON value being built for output: owns the root handle, releases the whole tree when it
/// goes away, and dumps it as text.
///
/// Children are attached as soon as they are made (the parent takes ownership), so an error
/// halfway through a build leaks nothing.
final class JanssonOutputTree {
    let root: UnsafeMutablePointer<json_t>

    /// Takes ownership of a freshly made root.
    init(root: UnsafeMutablePointer<json_t>) {
        self.root = root
    }

    deinit {
        json_decref(root)
    }

    /// The text of the tree with jansson's dump flags, or nil if jansson fails (out of memory).
    func dump(flags: Int) -> [UInt8]? {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            json_dump_callback(root, { buffer, size, context in
                guard let buffer, let context else { return -1 }
                let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: size))
                return 0
            }, Unmanaged.passUnretained(sink).toOpaque(), flags)
        }
        return status == 0 ? sink.bytes : nil
    }

    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}

/// Makers of single jansson values; each returns a new reference (nil when out of memory)
/// that the caller must hand to a container or an output tree.
enum JanssonMake {
    static func object() -> UnsafeMutablePointer<json_t>? { json_object() }
    static func array() -> UnsafeMutablePointer<json_t>? { json_array() }
    static func null() -> UnsafeMutablePointer<json_t>? { json_null() }
    static func bool(_ value: Bool) -> UnsafeMutablePointer<json_t>? { value ? json_true() : json_false() }
    static func integer(_ value: Int64) -> UnsafeMutablePointer<json_t>? { json_integer(json_int_t(value)) }
    /// A real; jansson refuses NaN and ±Infinity (nil).
    static func real(_ value: Double) -> UnsafeMutablePointer<json_t>? { json_real(value) }

    /// A string of any Swift string, NUL characters included (Swift strings are valid UTF-8).
    static func string(_ value: String) -> UnsafeMutablePointer<json_t>? {
        var copy = value
        return copy.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no base address; jansson wants a pointer.
                guard let base = chars.baseAddress else { return json_stringn_nocheck("", 0) }
                return json_stringn_nocheck(base, chars.count)
            }
        }
    }

    /// Adds `child` to `object` under `key` (the object takes the reference, also on failure).
    /// False when jansson fails.
    static func set(_ object: UnsafeMutablePointer<json_t>, _ key: String, _ child: UnsafeMutablePointer<json_t>) -> Bool {
        var copy = key
        return copy.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return json_object_setn_new_nocheck(object, "", 0, child) == 0 }
                return json_object_setn_new_nocheck(object, base, chars.count, child) == 0
            }
        }
    }

    /// Appends `child` to `array` (the array takes the reference, also on failure).
    static func append(_ array: UnsafeMutablePointer<json_t>, _ child: UnsafeMutablePointer<json_t>) -> Bool {
        json_array_append_new(array, child) == 0
    }
}
