// Violates: domain code imports a framework.
import { Injectable } from '@nestjs/common';
export const x = Injectable;
