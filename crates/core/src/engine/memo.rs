//! [`Memo`]: what a rules value keeps between calls to answer faster (search balls, occupancy
//! indexes). It is no part of the rules: a copy of the rules starts with an empty memo, and two
//! rules values compare equal whatever their memos hold. Users take it with `try_lock`, so a
//! second thread sharing the rules value works without it instead of waiting.

use core::fmt;

/// A value kept between calls, behind a spin lock (the core is `no_std`).
#[derive(Default)]
pub struct Memo<T>(spin::Mutex<T>);

impl<T> Memo<T> {
    /// The value, unless another thread holds it.
    pub fn try_lock(&self) -> Option<spin::MutexGuard<'_, T>> {
        self.0.try_lock()
    }

    /// The value, waiting for another thread that holds it.
    pub fn lock(&self) -> spin::MutexGuard<'_, T> {
        self.0.lock()
    }
}

impl<T: Default> Clone for Memo<T> {
    fn clone(&self) -> Memo<T> {
        Memo::default()
    }
}

impl<T> PartialEq for Memo<T> {
    fn eq(&self, _: &Memo<T>) -> bool {
        true
    }
}

impl<T> Eq for Memo<T> {}

impl<T> fmt::Debug for Memo<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Memo")
    }
}
