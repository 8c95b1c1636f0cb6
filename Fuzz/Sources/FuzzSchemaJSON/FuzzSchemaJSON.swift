// libFuzzer entry point of FuzzSchemaJSON: the schema JSON reader on any bytes, the round trip
// of whatever it reads, validation and the Swift emitter (`SchemaJSONRoundTrip`); a failure
// is reported and aborts.
import Crossfire
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerInitialize")
public func fuzzSchemaJSONInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if let arguments = argv?.pointee { FuzzProcessEnvironment.ensure(arguments: arguments) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaJSONTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let report = SchemaJSONRoundTrip.check(Array(UnsafeBufferPointer(start: data, count: size))).report else { return 0 }
    FuzzVerdict.writeToStandardError(report)
    abort()
}
