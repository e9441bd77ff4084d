//! C ABI of grognard. This crate is a shell until the bindings issue: it links the core and
//! exports the library version, so the build of a shared and a static library is exercised.

/// The library version as a NUL-terminated UTF-8 string with static lifetime.
#[unsafe(no_mangle)]
pub extern "C" fn gg_version() -> *const core::ffi::c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_is_nul_terminated() {
        // SAFETY: gg_version returns a pointer to a static NUL-terminated string.
        let s = unsafe { core::ffi::CStr::from_ptr(super::gg_version()) };
        assert_eq!(s.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
