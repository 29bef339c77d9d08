// Violates: domain code imports a UI framework.
import { useState } from 'react';
export const x = useState;
